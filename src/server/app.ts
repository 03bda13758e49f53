import { chatRoutes } from '#server/modules/chat/chat.routes'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import { secureHeaders } from 'hono/secure-headers'
import { MCP, REQUEST_BODY_LIMITS } from '#common/constants'
import type { ApiErrorBody } from '#common/errors'
import { env } from '#server/env'
import { apiKeysRoutes } from '#server/modules/api-keys/api-keys.routes'
import { secretsRoutes } from '#server/modules/secrets/secrets.routes'
import { apiTokensRoutes } from '#server/modules/api-tokens/api-tokens.routes'
import { bearerAuth } from '#server/modules/api-tokens/bearer-auth'
import { scopeNeeded } from '#server/modules/api-tokens/token-scope'
import { webhooksRoutes } from '#server/modules/webhooks/webhooks.routes'
import { mcpRoutes } from '#server/modules/mcp/mcp.routes'
import { authRoutes } from '#server/modules/auth/auth.routes'
import { billingWebhookRoutes } from '#server/modules/billing/billing-webhook.routes'
import { billingRoutes } from '#server/modules/billing/billing.routes'
import { securityRoutes } from '#server/modules/security/security.routes'
import { systemRoutes } from '#server/modules/system/system.routes'
import { API_DESCRIPTION, API_DOCS_PATH, apiDocsRoutes, apiTagOf, OPENAPI_PATH } from '#server/modules/system/api-docs'
import { requirePaidAccess } from '#server/modules/billing/require-paid-access'
import { columnsRoutes } from '#server/modules/columns/columns.routes'
import { aiStatusRoutes, enrichmentRoutes } from '#server/modules/enrichment/enrichment.routes'
import { exportLinkRoutes, exportsRoutes } from '#server/modules/exports/exports.routes'
import { rowsRoutes } from '#server/modules/rows/rows.routes'
import { searchRoutes } from '#server/modules/search/search.routes'
import { uploadsRoutes } from '#server/modules/uploads/uploads.routes'
import { templatesRoutes } from '#server/modules/templates/templates.routes'
import { dashboardRoutes } from '#server/modules/dashboard/dashboard.routes'
import { foldersRoutes } from '#server/modules/folders/folders.routes'
import { profileRoutes } from '#server/modules/profile/profile.routes'
import { contactRoutes } from '#server/modules/contact/contact.routes'
import { siteRootRoutes, siteRoutes } from '#server/modules/site/site.routes'
import { AppError } from '#server/platform/app-error'
import { limitRequestBody } from '#server/platform/body-limit'
import type { AppEnv } from '#server/platform/hono-env'
import { trustedOrigins } from '#server/platform/trusted-origins'
import { logger } from '#server/platform/logger'
import { trackForeground } from '#server/platform/foreground'
import { originCheck } from '#server/platform/origin-check'
import { refuseApiTokens } from '#server/platform/refuse-api-tokens'
import { buildOpenApiDocument, documented } from '#server/platform/openapi'
import { openApiDocumentSchema } from '#common/schemas/system'
import { requireUser } from '#server/platform/require-user'
import { retryAfterOf } from '#server/platform/rate-limit'
import { boundedJsonBody } from '#server/platform/validate'

const apiRoutes = new Hono<AppEnv>()
  .route('/', systemRoutes)
  .route('/uploads', uploadsRoutes)
  .route('/uploads', rowsRoutes)
  .route('/uploads', columnsRoutes)
  .route('/uploads', exportsRoutes)
  .route('/uploads', enrichmentRoutes)
  .route('/uploads', chatRoutes)
  .route('/exports', exportLinkRoutes)
  .route('/ai', aiStatusRoutes)
  // Before `/billing`, whose session check would otherwise refuse Stripe's calls.
  .route('/billing/webhooks', billingWebhookRoutes)
  .route('/billing', billingRoutes)
  .route('/security', securityRoutes)
  .route('/api-keys', apiKeysRoutes)
  .route('/secrets', secretsRoutes)
  .route('/api-tokens', apiTokensRoutes)
  .route('/webhooks', webhooksRoutes)
  .route('/templates', templatesRoutes)
  .route('/folders', foldersRoutes)
  .route('/dashboard', dashboardRoutes)
  .route('/search', searchRoutes)
  .route('/profile', profileRoutes)
  .route('/contact', contactRoutes)
  .route('/site', siteRoutes)

/** The typed surface the web client is generated from (`hc<AppType>('/api')`). */
export type AppType = typeof apiRoutes

export function createApp(options: { webDir?: string } = {}) {
  const app = new Hono<AppEnv>()
  const isHttps = env.PUBLIC_URL.startsWith('https://')

  app.use(requestId())
  app.use(async (c, next) => {
    c.set('trustProxy', env.TRUST_PROXY)
    const started = performance.now()
    await next()
    logger.info({
      event: 'http.request',
      requestId: c.var.requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    })
  })
  const appSecureHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix positions popovers and sonner injects its stylesheet at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
    },
    strictTransportSecurity: isHttps ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
  })
  // The API reference page sets a policy of its own (modules/system/api-docs.ts).
  const docsSecureHeaders = secureHeaders({
    strictTransportSecurity: isHttps ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
  })
  app.use((c, next) => (c.req.path === API_DOCS_PATH ? docsSecureHeaders(c, next) : appSecureHeaders(c, next)))
  app.use('/api/*', trackForeground())
  // A personal API token acts as its user on every /api/* route; the origin check is for cookies.
  app.use('/api/*', bearerAuth)
  app.use('/api/*', originCheck({ trusted: trustedOrigins, exempt: ['/api/billing/webhooks/'] }))
  app.use(
    '/api/*',
    limitRequestBody({
      defaultBytes: REQUEST_BODY_LIMITS.defaultBytes,
      rules: [
        { method: 'POST', path: /^\/api\/uploads\/?$/, maxBytes: null },
        // The avatar route cuts off at 2 MB itself, with the spec's message.
        { method: 'POST', path: /^\/api\/profile\/avatar\/?$/, maxBytes: null },
        { method: 'POST', path: /^\/api\/uploads\/[^/]+\/exports\/?$/, maxBytes: REQUEST_BODY_LIMITS.exportBytes },
        { method: 'POST', path: /^\/api\/uploads\/[^/]+\/rows\/?$/, maxBytes: REQUEST_BODY_LIMITS.addRowsBytes },
      ],
    }),
  )

  // Sign-in, password, sessions and two-factor: a browser session only.
  app.use('/api/auth/*', refuseApiTokens)
  app.use('/api/auth/*', boundedJsonBody)
  app.route('/api/auth', authRoutes)
  // Generated from the route table once every route is mounted: the first request builds it.
  let openApiDocument: ReturnType<typeof buildOpenApiDocument> | undefined
  app.get(OPENAPI_PATH, documented({ summary: 'This document (OpenAPI 3.1)', response: openApiDocumentSchema }), (c) => {
    openApiDocument ??= buildOpenApiDocument(app.routes, {
      title: 'Rowcraft API',
      version: '1.0.0',
      description: API_DESCRIPTION,
      isExcluded: (path) => path.startsWith('/api/billing/webhooks'),
      excludedWith: [refuseApiTokens],
      requireUser,
      requirePaidAccess,
      tagOf: apiTagOf,
      scopeOf: scopeNeeded,
    })
    return c.json(openApiDocument)
  })
  app.route('/api', apiRoutes)
  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND', 'No such API endpoint')
  })

  // The Model Context Protocol for AI assistants, by personal token (decision 025).
  app.route(MCP.path, mcpRoutes)

  app.route('/', siteRootRoutes)
  app.route('/docs', apiDocsRoutes)

  if (options.webDir && existsSync(join(options.webDir, 'index.html'))) {
    mountWebApp(app, options.webDir)
  }

  app.notFound((c) => c.json<ApiErrorBody>({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404))
  app.onError((error, c) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { error: { code: error.code, message: error.message, details: error.details } }
      const retryAfter = retryAfterOf(error)
      if (retryAfter !== null) c.header('Retry-After', String(retryAfter))
      // A body refused unread is still on the socket: the connection cannot carry another request.
      if (error.code === 'PAYLOAD_TOO_LARGE') c.header('Connection', 'close')
      return c.json(body, error.status)
    }
    if (error instanceof HTTPException) {
      return c.json<ApiErrorBody>({ error: { code: 'BAD_REQUEST', message: error.message || 'Bad request' } }, error.status)
    }
    logger.error({ event: 'http.error', requestId: c.var.requestId, err: error }, 'Unhandled error')
    return c.json<ApiErrorBody>(
      { error: { code: 'INTERNAL', message: `Something went wrong on our side (request ${c.var.requestId}). Please try again.` } },
      500,
    )
  })
  return app
}

/** The built single-page app: hashed assets cached for a year, every other GET gets index.html. */
function mountWebApp(app: Hono<AppEnv>, webDir: string) {
  const indexHtml = readFileSync(join(webDir, 'index.html'), 'utf8')
  app.use('/assets/*', async (c, next) => {
    await next()
    if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable')
  })
  app.use('/assets/*', serveStatic({ root: webDir }))
  app.use('*', serveStatic({ root: webDir }))
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(indexHtml)
  })
}
