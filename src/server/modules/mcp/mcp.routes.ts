import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { MCP } from '#common/constants'
import { MCP_MESSAGES } from '#common/messages'
import { bearerAuth } from '#server/modules/api-tokens/bearer-auth'
import { AppError } from '#server/platform/app-error'
import { limitRequestBody } from '#server/platform/body-limit'
import type { AppEnv } from '#server/platform/hono-env'
import { checkAtDoor } from './mcp-door.ts'
import { createMcpServer } from './mcp-server.ts'

/**
 * RFC 6750's challenge on every 401 of `/mcp`, which MCP clients read to know a bearer token is
 * wanted; the body is the API's error contract, as on `/api/*`.
 */
const bearerChallenge = createMiddleware<AppEnv>(async (c, next) => {
  const sentBearer = /^Bearer\b/i.test(c.req.header('authorization')?.trim() ?? '')
  await next()
  if (c.res.status !== 401) return
  c.res.headers.set('WWW-Authenticate', sentBearer ? 'Bearer realm="rowcraft", error="invalid_token"' : 'Bearer realm="rowcraft"')
})

/** Only a personal token opens `/mcp`: `bearerAuth` has made its user the request's, or there was none. */
const requireToken = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('authMethod') !== 'token') throw new AppError('UNAUTHORIZED', MCP_MESSAGES.tokenRequired)
  await next()
})

const jsonRpcError = (code: number, message: string) => ({ jsonrpc: '2.0' as const, id: null, error: { code, message } })

/**
 * Mounted at /mcp: the Model Context Protocol over Streamable HTTP (decision 025), stateless: each
 * POST gets a new server and transport that answer it as JSON and are closed, so any API process
 * can take any request and nothing is held between them. Authenticated as `/api/*` is
 * (`bearerAuth`: the token's rate limit, the failed-attempt limit per address, expiry), then each
 * tool call is checked at the door (scope, input) before the SDK runs it.
 */
export const mcpRoutes = new Hono<AppEnv>()
  .use(bearerChallenge)
  .use(limitRequestBody({ defaultBytes: MCP.maxBodyBytes, rules: [] }))
  .use(bearerAuth)
  .use(requireToken)
  .post('/', async (c) => {
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      return c.json(jsonRpcError(-32700, 'Parse error: the body is not JSON.'), 400)
    }
    const scope = c.var.apiToken.scope
    const door = checkAtDoor(body, scope)
    if (door.kind === 'answer') return c.json(door.body)
    if (door.kind === 'batch_with_call') return c.json(jsonRpcError(-32600, MCP_MESSAGES.oneCallPerRequest), 400)

    const server = createMcpServer({ user: c.var.user, scope, requestId: c.var.requestId })
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
    await server.connect(transport)
    try {
      return await transport.handleRequest(c.req.raw, { parsedBody: body })
    } finally {
      await server.close()
    }
  })
  .on(['GET', 'DELETE'], '/', (c) => c.json(jsonRpcError(-32000, MCP_MESSAGES.methodNotAllowed), 405, { Allow: 'POST' }))
