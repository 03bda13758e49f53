import { createHash } from 'node:crypto'
import { Scalar } from '@scalar/hono-api-reference'
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

const renderReference = Scalar({ url: OPENAPI_PATH, pageTitle: 'Rowcraft API reference', hideClientButton: false })

/** The hashes of the page's inline scripts, for a Content-Security-Policy that allows exactly them. */
function inlineScriptHashes(html: string) {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body ?? '').digest('base64')}'`,
  )
}

/**
 * Without Scalar's script (a machine with no internet, a blocked CDN) the page would stay blank:
 * it says why instead, and links the document, which this server serves itself.
 */
const offlineFallback = `<script>
      if (typeof Scalar === 'undefined') {
        const note = document.createElement('p')
        note.setAttribute('role', 'alert')
        note.style.cssText = 'font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem'
        note.append(${JSON.stringify(API_TOKEN_MESSAGES.docsOffline)} + ' ')
        const link = document.createElement('a')
        link.href = ${JSON.stringify(OPENAPI_PATH)}
        link.textContent = ${JSON.stringify(OPENAPI_PATH)}
        note.append(link)
        document.body.prepend(note)
      }
    </script>`

let cachedPage: { html: string; csp: string } | undefined

/**
 * `/docs/api`: Scalar's API reference over the OpenAPI document. The page loads Scalar's script
 * from its CDN (decision 017), so its policy allows that script and the page's own inline
 * configuration by hash, and nothing else from elsewhere but fonts and images.
 */
export const apiDocsRoutes = new Hono<AppEnv>().get('/api', async (c) => {
  if (!cachedPage) {
    const page = await (await new Hono().get('/', renderReference).request('/')).text()
    const html = page.replace('</body>', `${offlineFallback}</body>`)
    cachedPage = {
      html,
      csp: [
        "default-src 'self'",
        `script-src 'self' https://cdn.jsdelivr.net ${inlineScriptHashes(html).join(' ')}`,
        "style-src 'self' 'unsafe-inline' https:",
        "font-src 'self' data: https:",
        "img-src 'self' data: https:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    }
  }
  c.header('Content-Security-Policy', cachedPage.csp)
  c.header('Cache-Control', 'no-cache')
  return c.html(cachedPage.html)
})
