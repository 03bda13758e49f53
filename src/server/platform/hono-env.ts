import type { RequestIdVariables } from 'hono/request-id'

export type SessionUser = {
  id: string
  email: string
  name: string
  firstName?: string | null
  lastName?: string | null
  image?: string | null
  emailVerified: boolean
}

/** The variables every handler can read from `c.var`. */
export type AppEnv = {
  Variables: RequestIdVariables & {
    trustProxy: boolean
    user: SessionUser
    sessionId: string
    /** How the request proved who it is: a browser session's cookie or a personal API token. */
    authMethod: 'session' | 'token'
  }
}
