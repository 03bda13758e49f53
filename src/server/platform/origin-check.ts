import { createMiddleware } from 'hono/factory'
import { AppError } from './app-error.ts'
import type { AppEnv } from './hono-env.ts'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state-changing requests that a browser sent from another site: a foreign `Origin`, or
 * `Sec-Fetch-Site: cross-site`. Requests without either (curl, the CLI, server-to-server) pass,
 * since no browser can be tricked into sending them. Paths in `exempt` (signed webhooks) skip it,
 * and so do calls authenticated by an API token: a browser sends no `Authorization` header of its
 * own, and a page on another site cannot add one without a CORS preflight, which this API refuses.
 */
export const originCheck = (options: { trusted: () => string[]; exempt?: string[] }) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (c.get('authMethod') === 'token') return next()
    if (safeMethods.has(c.req.method) || options.exempt?.some((p) => c.req.path.startsWith(p))) return next()
    const origin = c.req.header('origin')
    const crossSite = c.req.header('sec-fetch-site') === 'cross-site'
    if ((origin && origin !== 'null' && !options.trusted().includes(origin)) || origin === 'null' || crossSite) {
      throw new AppError('FORBIDDEN', 'Request refused: it came from another site.')
    }
    await next()
  })
