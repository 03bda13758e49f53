import { vi } from 'vitest'

/**
 * Replaces the global fetch with one that answers every call with `status` and `body` as JSON;
 * returns the mock, to read the calls. Undo with `vi.unstubAllGlobals()` after each test.
 */
export function stubFetchAnswer(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}
