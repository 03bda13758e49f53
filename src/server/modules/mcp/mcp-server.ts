import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { ApiErrorBody } from '#common/errors'
import { MCP_MESSAGES } from '#common/messages'
import type { ApiTokenScope } from '#common/schemas/api-tokens'
import { scopeAllows } from '#server/modules/api-tokens/token-scope'
import { AppError } from '#server/platform/app-error'
import type { SessionUser } from '#server/platform/hono-env'
import { logger } from '#server/platform/logger'
import { strictSchemaOf, type McpTool, type McpToolContext } from './mcp-tool.ts'
import { createAiColumnTool, listColumnExamplesTool, runProgressTool } from './tools/ai-columns.tools.ts'
import { askQuestionTool, runPlanTool } from './tools/answers.tools.ts'
import { exportTool } from './tools/export.tools.ts'
import { describeFileTool, listFilesTool, readRowsTool, searchRowsTool } from './tools/files.tools.ts'
import { addRowsTool } from './tools/rows.tools.ts'
import { createHttpColumnTool, testHttpRequestTool } from './tools/http-columns.tools.ts'
import { createWaterfallColumnTool, testWaterfallColumnTool } from './tools/waterfall-columns.tools.ts'

/**
 * Every tool, in the order a model meets them. `add_rows` joins here once rows can be added by
 * API (`POST /api/uploads/:id/rows`): a `read_write` tool calling that route's service. The cast
 * forgets each tool's own argument type: its arguments are parsed by its own schema before `run`.
 */
export const MCP_TOOLS: readonly McpTool[] = [
  listFilesTool,
  describeFileTool,
  readRowsTool,
  addRowsTool,
  searchRowsTool,
  runPlanTool,
  askQuestionTool,
  createAiColumnTool,
  createHttpColumnTool,
  testHttpRequestTool,
  createWaterfallColumnTool,
  testWaterfallColumnTool,
  runProgressTool,
  listColumnExamplesTool,
  exportTool,
] as unknown as readonly McpTool[]

export const toolNamed = (name: string) => MCP_TOOLS.find((tool) => tool.name === name)

const SERVER_INFO = { name: 'rowcraft', version: '1.0.0' }
const INSTRUCTIONS =
  "Rowcraft holds the user's lead lists and other tables (files of rows). Find a file with list_files, learn its columns with describe_file, then answer with run_plan (exact and free) or read_rows; search_rows looks across every file. AI columns (create_ai_column), ask_question, and add_rows on a file whose AI columns run on new rows call an AI model and spend the user's credits: say so before you use them."

const text = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value) }] })

/** A refusal as a tool's error: the API's error contract, so a model reads the same code and message a script would. */
export const toolError = (code: ApiErrorBody['error']['code'], message: string): CallToolResult => ({
  ...text({ error: { code, message } }),
  isError: true,
})

async function runTool(tool: McpTool, args: unknown, context: McpToolContext): Promise<CallToolResult> {
  const started = performance.now()
  try {
    const result = await tool.run(args as never, context)
    logger.info({ event: 'mcp.tool', tool: tool.name, requestId: context.requestId, ms: Math.round(performance.now() - started) })
    return text(result)
  } catch (error) {
    if (error instanceof AppError) {
      logger.info({ event: 'mcp.tool_refused', tool: tool.name, requestId: context.requestId, code: error.code })
      return toolError(error.code, error.message)
    }
    logger.error({ event: 'mcp.tool_failed', tool: tool.name, requestId: context.requestId, err: error }, 'Unhandled error in an MCP tool')
    return toolError('INTERNAL', MCP_MESSAGES.internalError(context.requestId))
  }
}

/**
 * One request's MCP server (stateless, decision 025): the tools the token's scope allows, each
 * acting as the token's user. A `read` token's server does not hold the write tools at all, so
 * they are neither listed nor callable; the door (mcp-door.ts) answers a call to one clearly.
 */
export function createMcpServer({ user, scope, requestId }: { user: SessionUser; scope: ApiTokenScope; requestId: string }) {
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS })
  for (const tool of MCP_TOOLS) {
    if (!scopeAllows(scope, tool.scope)) continue
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: strictSchemaOf(tool), annotations: tool.annotations },
      (args: unknown) => runTool(tool, args, { user, requestId }),
    )
  }
  return server
}
