import type { z } from 'zod'
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import { AI_FIELD_MESSAGES } from '#common/messages'
import type { ApiTokenScope } from '#common/schemas/api-tokens'
import { UPLOAD_NOT_FOUND } from '#server/modules/uploads/upload-id-param'
import { AppError } from '#server/platform/app-error'
import type { SessionUser } from '#server/platform/hono-env'
import { strictInput } from '#server/platform/strict-input'

/** Who a tool acts for: the token's user, as a route's `c.var.user`. */
export type McpToolContext = { user: SessionUser; requestId: string }

/**
 * One MCP tool: an edge like a route. Its zod `input` is checked at the door (mcp-door.ts) and by
 * the SDK; `run` calls the same service functions the REST routes call and returns plain data,
 * which the server writes as compact JSON text. `scope` is what a token needs to see and call it.
 */
export type McpTool<Input extends z.ZodObject = z.ZodObject> = {
  name: string
  title: string
  description: string
  scope: ApiTokenScope
  input: Input
  annotations: ToolAnnotations
  run: (args: z.output<Input>, context: McpToolContext) => Promise<unknown>
}

export const defineTool = <Input extends z.ZodObject>(tool: McpTool<Input>): McpTool<Input> => tool

const strictSchemas = new WeakMap<McpTool, McpTool['input']>()

/**
 * A tool's schema refusing arguments it does not know, as `validate('json')` refuses a body's
 * fields (decision 019): a misspelt one is said, not dropped. The list of tools shows it too
 * (`additionalProperties: false`).
 */
export function strictSchemaOf(tool: McpTool) {
  let schema = strictSchemas.get(tool)
  if (!schema) {
    schema = strictInput(tool.input)
    strictSchemas.set(tool, schema)
  }
  return schema
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * A thing's id as a tool was given it. A malformed one names nothing, so it is the same not-found
 * as an unknown one or another user's (as `validateIds` answers on the routes).
 */
function idOrThrow(id: string, notFound: string) {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', notFound)
  return id.toLowerCase()
}

export const fileIdOrThrow = (id: string) => idOrThrow(id, UPLOAD_NOT_FOUND)
export const columnIdOrThrow = (id: string) => idOrThrow(id, AI_FIELD_MESSAGES.fieldNotFound)
