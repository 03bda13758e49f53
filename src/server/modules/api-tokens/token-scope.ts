import type { ApiTokenScope } from '#common/schemas/api-tokens'

/**
 * The POST routes that only read, which a `read` token may call (decision 019): a plan is computed
 * over the rows and saved nowhere, an estimate counts cells, an export streams rows (its history
 * line is bookkeeping, not the user's data), a formula preview computes the first rows and saves
 * nothing (a formula suggestion spends a credit: not here). No GET or HEAD route changes data or
 * spends credits, so those are all `read`. Everything else needs `read_write`. Paths are matched as requested
 * (`/api/uploads/<id>/...`) and as the route table writes them (`/api/uploads/:id/...`).
 */
const READ_ONLY_POSTS = [
  /^\/api\/uploads\/[^/]+\/chat\/plan\/?$/,
  /^\/api\/uploads\/[^/]+\/ai-fields\/[^/]+\/estimate\/?$/,
  /^\/api\/uploads\/[^/]+\/exports\/?$/,
  /^\/api\/uploads\/[^/]+\/columns\/formula-preview\/?$/,
]

/** The MCP server checks each tool's scope itself and writes nothing on any other method (decision 025). */
const MCP_PATH = /^\/mcp\/?$/

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The scope a request (or a route of the route table) needs from a token. */
export function scopeNeeded(method: string, path: string): ApiTokenScope {
  const upper = method.toUpperCase()
  if (READ_METHODS.has(upper) || MCP_PATH.test(path)) return 'read'
  if (upper === 'POST' && READ_ONLY_POSTS.some((pattern) => pattern.test(path))) return 'read'
  return 'read_write'
}

/** Whether a token of `scope` may make a request that needs `needed`. */
export const scopeAllows = (scope: ApiTokenScope, needed: ApiTokenScope) => scope === 'read_write' || needed === 'read'
