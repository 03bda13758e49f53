import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { vi } from 'vitest'

export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown }
export type ApiAnswer = { status?: number; body: unknown }

/**
 * Stands in for the server at the fetch boundary the typed client calls through: each request is
 * recorded and answered by `answer` (200 with its body unless it says otherwise).
 */
export function stubApi(answer: (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>) {
  const calls: ApiCall[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
    const call: ApiCall = {
      method: init?.method ?? (input instanceof Request ? input.method : 'GET'),
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    }
    calls.push(call)
    const { status = 200, body } = await answer(call)
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetch)
  return calls
}

/** Renders a screen as the app does: with a query client (no retries) and a router at `path`. */
export function renderScreen(screen: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{screen}</MemoryRouter>
    </QueryClientProvider>,
  )
  return { ...view, queryClient }
}
