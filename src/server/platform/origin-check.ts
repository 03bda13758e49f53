import { createMiddleware } from 'hono/factory'
import { AppError } from './app-error.ts'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state-changing requests that a browser sent from another site: a foreign `Origin`, or
 * `Sec-Fetch-Site: cross-site`. Requests without either (curl, the CLI, server-to-server) pass,
 * since no browser can be tricked into sending them. Paths in `exempt` (signed webhooks) skip it.
 */
export const originCheck = (options: { trusted: () => string[]; exempt?: string[] }) =>
  createMiddleware(async (c, next) => {
    if (safeMethods.has(c.req.method) || options.exempt?.some((p) => c.req.path.startsWith(p))) return next()
    const origin = c.req.header('origin')
    const crossSite = c.req.header('sec-fetch-site') === 'cross-site'
    if ((origin && origin !== 'null' && !options.trusted().includes(origin)) || origin === 'null' || crossSite) {
      throw new AppError('FORBIDDEN', 'Request refused: it came from another site.')
    }
    await next()
  })
