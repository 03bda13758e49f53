import { describe, expect, it } from 'vitest'
import { MCP_CLIENTS, mcpClientConfig, mcpUrlOf } from './mcp-client-config.ts'

const url = mcpUrlOf('https://rowcraft.example.com/')

describe('MCP client configurations', () => {
  it('points every client at the origin and /mcp with a bearer token', () => {
    expect(url).toBe('https://rowcraft.example.com/mcp')
    for (const client of MCP_CLIENTS) expect(mcpClientConfig(client, url, 'rc_abc')).toContain(url)
    expect(mcpClientConfig('claudeCode', url, 'rc_abc')).toBe('claude mcp add --transport http rowcraft https://rowcraft.example.com/mcp --header "Authorization: Bearer rc_abc"')
  })

  it('writes JSON the clients read, with the token in the header (VS Code asks for it)', () => {
    expect(JSON.parse(mcpClientConfig('cursor', url, 'rc_abc'))).toEqual({ mcpServers: { rowcraft: { url, headers: { Authorization: 'Bearer rc_abc' } } } })
    const desktop = JSON.parse(mcpClientConfig('claudeDesktop', url, 'rc_abc'))
    expect(desktop.mcpServers.rowcraft.args).toContain(url)
    expect(desktop.mcpServers.rowcraft.env).toEqual({ ROWCRAFT_AUTH: 'Bearer rc_abc' })
    const vscode = JSON.parse(mcpClientConfig('vscode', url, 'rc_abc'))
    expect(vscode.servers.rowcraft).toEqual({ type: 'http', url, headers: { Authorization: 'Bearer ${input:rowcraft-token}' } })
  })
})
