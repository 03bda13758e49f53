import type { RequestIdVariables } from 'hono/request-id'
import type { ApiTokenScope } from '#common/schemas/api-tokens'

export type SessionUser = {
  id: string
  email: string
  name: string
  firstName?: string | null
  lastName?: string | null
  image?: string | null
  emailVerified: boolean
}

/** A request's API token: its id (what it creates is tied to it), scope and expiry (decision 019). */
export type ApiTokenContext = { id: string; scope: ApiTokenScope; expiresAt: Date | null }

/** The variables every handler can read from `c.var`. */
export type AppEnv = {
  Variables: RequestIdVariables & {
    trustProxy: boolean
    user: SessionUser
    sessionId: string
    /** How the request proved who it is: a browser session's cookie or a personal API token. */
    authMethod: 'session' | 'token'
    /** The personal API token the request came with (`authMethod` 'token'), for what it may do. */
    apiToken: ApiTokenContext
  }
}
