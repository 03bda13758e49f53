import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import type { AppEnv } from './hono-env.ts'

/** The client's IP: the socket address, or the proxy's word when TRUST_PROXY is set. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1'
  } catch {
    return '127.0.0.1' // app.request() in tests has no socket
  }
}
