import type { AuthMode } from '#common/schemas/auth'

/** The query parameters that drive the auth dialog and the post-auth hand-off (000 §2, §4). */
export const AUTH_PARAM = {
  mode: 'mode',
  auth: 'auth',
  verified: 'verified',
  error: 'error',
  authError: 'authError',
  errorDescription: 'error_description',
} as const

/** Where the verification link lands; the marketing layout then forwards the new user. */
export const VERIFIED_CALLBACK_URL = '/?verified=1'
export const GOOGLE_CALLBACK_URL = '/?auth=callback'
/** Better Auth appends `&error=<code>` to this when the Google round trip fails. */
export const GOOGLE_ERROR_CALLBACK_URL = '/?mode=signin&authError=google'

/**
 * The values of `authModeSchema`, listed without zod so the landing bundle need not load it
 * (a test keeps the two in step).
 */
export const AUTH_MODES: readonly AuthMode[] = ['signin', 'signup', 'forgotPassword']

function isAuthMode(value: string | null): value is AuthMode {
  return AUTH_MODES.some((mode) => mode === value)
}

/** The mode the dialog opens in, or null when it is closed. `?auth=required` opens sign-in. */
export function readAuthMode(params: URLSearchParams): AuthMode | null {
  const mode = params.get(AUTH_PARAM.mode)
  if (isAuthMode(mode)) return mode
  return params.get(AUTH_PARAM.auth) === 'required' ? 'signin' : null
}

/** True after Google or the verification link sent the visitor back signed in. */
export function isReturningFromAuthLink(params: URLSearchParams) {
  return params.get(AUTH_PARAM.auth) === 'callback' || params.get(AUTH_PARAM.verified) === '1'
}

export function withoutParams(params: URLSearchParams, names: readonly string[]) {
  const next = new URLSearchParams(params)
  for (const name of names) next.delete(name)
  return next
}
