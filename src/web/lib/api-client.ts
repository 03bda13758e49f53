import { hc } from 'hono/client'
import type { ApiErrorBody, ErrorCode } from '#common/errors'
import type { AppType } from '#server/app'

const API_BASE = '/api'

/** The typed API client: `unwrap(await api.config.$get())`. */
export const api = hc<AppType>(API_BASE, { init: { credentials: 'same-origin' } })

/**
 * Path parameters as the client must send them: `hc` puts them into the path as they are, so an id
 * read from the address bar could otherwise change the path.
 */
export function pathParams<T extends Record<string, string>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, encodeURIComponent(value)])) as T
}

/** The address of an endpoint for a link or an EventSource: `apiUrl(api.uploads[':id'].events.$path(...))`. */
export const apiUrl = (path: string) => `${API_BASE}${path}`

export class ApiError extends Error {
  readonly code: ErrorCode | 'NETWORK'
  readonly status: number
  readonly details?: unknown

  constructor(code: ApiError['code'], status: number, message: string, details?: unknown) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.status = status
    this.details = details
  }
}

type JsonOf<R> = R extends { json(): Promise<infer T> } ? T : never

/** Builds the ApiError for a failed response from its (possibly missing) `{ error }` body. */
export function toApiError(status: number, body: unknown): ApiError {
  const error = (body as Partial<ApiErrorBody> | undefined)?.error
  return new ApiError(
    error?.code ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'),
    status,
    error?.message ?? `Request failed (${status}). Please try again.`,
    error?.details,
  )
}

/** Throws the server's error as ApiError when the response failed; for bodies that are not JSON. */
export async function assertOk(res: Response): Promise<void> {
  if (res.ok) return
  let body: unknown
  try {
    body = await res.json()
  } catch {
    body = undefined
  }
  throw toApiError(res.status, body)
}

/** Returns the parsed body of a successful response, or throws the server's error as ApiError. */
export async function unwrap<R extends Response>(res: R): Promise<JsonOf<R>> {
  await assertOk(res)
  return (await res.json()) as JsonOf<R>
}

/**
 * The server's message for a failed call (it says what to do: too large, name taken...), else
 * `fallback`: an error thrown by our own code has no message fit to show a user.
 */
export function errorMessage<Fallback extends string | null | undefined>(error: unknown, fallback: Fallback): string | Fallback {
  return error instanceof ApiError ? error.message : fallback
}

/** The HTTP status of a failed call (0 for a lost connection), or undefined for any other error. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined
}
