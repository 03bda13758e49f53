import { env } from '#server/env'

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']

/**
 * The origins a browser may send state-changing requests from (decision 002): the public address,
 * and Vite's dev server in development. When the public address is a loopback one
 * (http://localhost:3000, the default), the same port under the other loopback names is the same
 * machine, so a user who opens http://127.0.0.1:3000 can sign up too (issue 44).
 */
export function trustedOrigins(): string[] {
  const origins = [env.PUBLIC_URL, ...loopbackAliasesOf(env.PUBLIC_URL)]
  return env.devServerOrigin ? [...origins, env.devServerOrigin] : origins
}

/** The other loopback names of a loopback origin, same scheme and port; none for any other origin. */
export function loopbackAliasesOf(origin: string): string[] {
  const url = new URL(origin)
  if (!LOOPBACK_NAMES.includes(url.hostname)) return []
  return LOOPBACK_NAMES.filter((name) => name !== url.hostname).map((name) => `${url.protocol}//${name}${url.port ? `:${url.port}` : ''}`)
}
