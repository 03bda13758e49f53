import { MCP } from '#common/constants'
import { MCP_MESSAGES } from '#common/messages'

/**
 * How the common MCP clients are told of Rowcraft's server (issue 33): its URL and a personal token
 * as `Authorization: Bearer`. The token is a placeholder; VS Code asks for it instead, so it is
 * not written into a file a repository may hold.
 */

export type McpClient = keyof typeof MCP_MESSAGES.clients

export const MCP_CLIENTS: readonly McpClient[] = ['claudeCode', 'claudeDesktop', 'cursor', 'vscode']

export const mcpUrlOf = (origin: string) => `${origin.replace(/\/$/, '')}${MCP.path}`

const SERVER_NAME = 'rowcraft'
const json = (value: unknown) => JSON.stringify(value, null, 2)

export function mcpClientConfig(client: McpClient, url: string, token: string = MCP_MESSAGES.tokenPlaceholder): string {
  const bearer = `Bearer ${token}`
  switch (client) {
    case 'claudeCode':
      return `claude mcp add --transport http ${SERVER_NAME} ${url} --header "Authorization: ${bearer}"`
    case 'claudeDesktop':
      // mcp-remote's advice: no space inside an argument (Claude Desktop on Windows splits it), so the header's value comes from env.
      return json({
        mcpServers: {
          [SERVER_NAME]: {
            command: 'npx',
            args: ['-y', 'mcp-remote', url, '--header', 'Authorization:${ROWCRAFT_AUTH}'],
            env: { ROWCRAFT_AUTH: bearer },
          },
        },
      })
    case 'cursor':
      return json({ mcpServers: { [SERVER_NAME]: { url, headers: { Authorization: bearer } } } })
    case 'vscode':
      return json({
        inputs: [{ type: 'promptString', id: 'rowcraft-token', description: 'Rowcraft API token', password: true }],
        servers: { [SERVER_NAME]: { type: 'http', url, headers: { Authorization: 'Bearer ${input:rowcraft-token}' } } },
      })
  }
}
