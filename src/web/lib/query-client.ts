import { QueryClient } from '@tanstack/react-query'
import { errorStatus } from '#web/lib/api-client'

const MAX_RETRIES = 2

/** Client errors (4xx) will not change on a retry; server and network errors may. */
function shouldRetry(failureCount: number, error: unknown) {
  if ((errorStatus(error) ?? 500) < 500) return false
  return failureCount < MAX_RETRIES
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: shouldRetry,
    },
    mutations: { retry: false },
  },
})
