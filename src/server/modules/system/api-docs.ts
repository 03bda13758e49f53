import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Hono } from 'hono'
import { API_TOKENS } from '#common/constants'
import { API_TOKEN_MESSAGES } from '#common/messages'
import type { AppEnv } from '#server/platform/hono-env'

/** Where the reference page is served, and the document it renders. */
export const API_DOCS_PATH = '/docs/api'
export const OPENAPI_PATH = '/api/openapi.json'

/** The sections of the reference, in the order a script meets them (billing and AI keys are session-only, not here). */
const tagRules: [RegExp, string][] = [
  [/^\/api\/uploads\/:id\/(rows|duplicates)/, 'Rows'],
  [/^\/api\/uploads\/:id\/columns/, 'Columns'],
  [/^\/api\/uploads\/:id\/exports/, 'Exports'],
  [/^\/api\/uploads\/:id\/ai-fields\/:fieldId\/(runs|estimate|cells|clear|:action)/, 'AI runs and cells'],
  [/^\/api\/uploads\/:id\/ai-fields/, 'AI fields'],
  [/^\/api\/ai\//, 'AI fields'],
  [/^\/api\/uploads\/:id\/chat/, 'Magic Chat'],
  [/^\/api\/uploads/, 'Uploads'],
  [/^\/api\/templates/, 'Templates'],
  [/^\/api\/folders/, 'Folders'],
  [/^\/api\/search/, 'Search'],
  [/^\/api\/dashboard/, 'Dashboard'],
  [/^\/api\/webhooks/, 'Webhooks'],
  [/^\/api\/profile/, 'Profile'],
]
export const API_TAGS = [...new Set([...tagRules.map(([, tag]) => tag), 'System'])]

export const apiTagOf = (path: string) => tagRules.find(([pattern]) => pattern.test(path))?.[1] ?? 'System'

export const API_DESCRIPTION = [
  'The Rowcraft API: the same routes the web app calls.',
  'Authenticate with a personal API token from API Settings, sent as `Authorization: Bearer rc_...`. A token acts as its user,',
  'with the same payment gate and credits; another user\'s ids answer 404.',
  'A token has a scope: `read` may call GET routes and the POSTs that only read (a plan, a run estimate, an export), and gets',
  '403 on anything that changes data or spends credits; `read_write` may call every route here. Each operation names the scope',
  'it needs. A token may expire: after its expiry it answers 401, and webhooks it created stop (so does revoking it).',
  'Billing, AI keys, sign-in, the account and the token routes themselves need a browser session and are not listed here.',
  'Each token may make a limited number of requests a minute, and each client address a limited number of calls with invalid',
  `tokens (${API_TOKENS.failedAttemptsPerMinute} a minute per server process); past either, 429 with \`Retry-After\`.`,
  'A JSON body with a field the route does not know is a 422 naming it.',
  'Errors are `{ "error": { "code", "message", "details"? } }`.',
].join(' ')

/** Swagger UI's standalone bundle, served from the installed package: the page needs no internet (issue 30 §9). */
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
const { version: SWAGGER_UI_VERSION } = createRequire(import.meta.url)('swagger-ui-dist/package.json') as { version: string }
export const API_DOCS_ASSETS_PATH = `${API_DOCS_PATH}/assets`

/** The page's own start-up script: a file, so the policy allows scripts from 'self' only, with no inline hash. */
const initializer = `(() => {
  if (typeof SwaggerUIBundle === 'undefined') {
    const note = document.createElement('p')
    note.setAttribute('role', 'alert')
    note.style.cssText = 'font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem'
    note.append(${JSON.stringify(API_TOKEN_MESSAGES.docsOffline)} + ' ')
    const link = document.createElement('a')
    link.href = ${JSON.stringify(OPENAPI_PATH)}
    link.textContent = ${JSON.stringify(OPENAPI_PATH)}
    note.append(link)
    document.body.prepend(note)
    return
  }
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    // No call to the online validator at validator.swagger.io: nothing leaves this server.
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  })
})()
`

/** The files the page loads: Swagger UI's from the package, the initializer from above. Nothing else is served. */
const ASSETS: Record<string, { type: string; body: () => Promise<string | Uint8Array<ArrayBuffer>> }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', body: () => readFile(join(SWAGGER_UI_DIR, 'swagger-ui.css'), 'utf8') },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', body: () => readFile(join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js'), 'utf8') },
  'favicon-32x32.png': { type: 'image/png', body: async () => new Uint8Array(await readFile(join(SWAGGER_UI_DIR, 'favicon-32x32.png'))) },
  'rowcraft-api-reference.js': { type: 'text/javascript; charset=utf-8', body: async () => initializer },
}
const assetCache = new Map<string, string | Uint8Array<ArrayBuffer>>()

const asset = (name: string) => `${API_DOCS_ASSETS_PATH}/${name}?v=${SWAGGER_UI_VERSION}`

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Rowcraft API reference</title>
    <link rel="icon" type="image/png" href="${asset('favicon-32x32.png')}" />
    <link rel="stylesheet" href="${asset('swagger-ui.css')}" />
  </head>
  <body>
    <main id="swagger-ui"></main>
    <noscript>${API_TOKEN_MESSAGES.docsNoScript} <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a></noscript>
    <script src="${asset('swagger-ui-bundle.js')}"></script>
    <script src="${asset('rowcraft-api-reference.js')}"></script>
  </body>
</html>
`

/**
 * Swagger UI's icons are data: SVGs in its stylesheet, and it sets element styles at run time;
 * everything else (scripts, the stylesheet, the document) comes from this server.
 */
const API_DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * `/docs/api`: Swagger UI (swagger-ui-dist, pinned in package.json) over the OpenAPI document,
 * its files served from the package under `/docs/api/assets`, so a server with no internet shows
 * the whole reference (decision 017).
 */
export const apiDocsRoutes = new Hono<AppEnv>()
  .get('/api', (c) => {
    c.header('Content-Security-Policy', API_DOCS_CSP)
    c.header('Cache-Control', 'no-cache')
    return c.html(page)
  })
  .get('/api/assets/:name', async (c) => {
    const name = c.req.param('name')
    const file = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined
    if (!file) return c.notFound()
    let body = assetCache.get(name)
    if (body === undefined) {
      body = await file.body()
      assetCache.set(name, body)
    }
    c.header('Content-Type', file.type)
    // The address carries the package's version: a new version is a new address.
    c.header('Cache-Control', 'public, max-age=86400')
    return c.body(body)
  })
