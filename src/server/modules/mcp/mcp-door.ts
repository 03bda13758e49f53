import type { JSONRPCResponse } from '@modelcontextprotocol/sdk/types.js'
import { INPUT_LIMITS } from '#common/constants'
import { findInputProblem, inputProblemMessage } from '#common/input-bounds'
import { MCP_MESSAGES } from '#common/messages'
import type { ApiTokenScope } from '#common/schemas/api-tokens'
import { scopeAllows } from '#server/modules/api-tokens/token-scope'
import { validationMessage } from '#server/platform/validate'
import { strictSchemaOf } from './mcp-tool.ts'
import { toolError, toolNamed } from './mcp-server.ts'

/**
 * What `/mcp` checks of a message before the SDK reads it, as `bearerAuth` and `validate()` do
 * before a route: a tool call a `read` token may not make, text PostgreSQL cannot store or JSON
 * nested too deep in its arguments, and arguments that fail the tool's schema or that it does not
 * know. Each is answered as the tool's error (`isError`), the way MCP clients show a tool's failure
 * to the model, with the API's wording: the SDK's own would say "not found" for a tool hidden from a read token and
 * list every branch of a union for a bad plan.
 */

type Message = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: { name?: unknown; arguments?: unknown } }

const isToolCall = (message: unknown): message is Message & { id: string | number } =>
  typeof message === 'object' && message !== null && (message as Message).method === 'tools/call' && ((message as Message).id !== undefined)

function refusalOf(message: Message, scope: ApiTokenScope) {
  const name = typeof message.params?.name === 'string' ? message.params.name : ''
  const tool = toolNamed(name)
  if (!tool) return null // The SDK answers an unknown tool.
  if (!scopeAllows(scope, tool.scope)) return toolError('FORBIDDEN', MCP_MESSAGES.writeToolRefused(tool.name))
  const args = message.params?.arguments ?? {}
  const problem = findInputProblem(args, INPUT_LIMITS.maxJsonDepth)
  if (problem) return toolError('VALIDATION_FAILED', inputProblemMessage(problem, INPUT_LIMITS.maxJsonDepth))
  const parsed = strictSchemaOf(tool).safeParse(args)
  if (!parsed.success) return toolError('VALIDATION_FAILED', validationMessage(parsed.error.issues))
  return null
}

export type DoorAnswer = { kind: 'pass' } | { kind: 'answer'; body: JSONRPCResponse } | { kind: 'batch_with_call' }

export function checkAtDoor(body: unknown, scope: ApiTokenScope): DoorAnswer {
  if (Array.isArray(body)) return body.some(isToolCall) ? { kind: 'batch_with_call' } : { kind: 'pass' }
  if (!isToolCall(body)) return { kind: 'pass' }
  const refusal = refusalOf(body, scope)
  return refusal ? { kind: 'answer', body: { jsonrpc: '2.0', id: body.id, result: refusal } } : { kind: 'pass' }
}
