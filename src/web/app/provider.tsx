import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { TOAST_TOP_OFFSET_PX } from '#common/constants'
import { Toaster } from '#web/components/ui/sonner'
import { queryClient } from '#web/lib/query-client'

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* No global TooltipProvider: each Tooltip brings its own, so the marketing pages skip its code. */}
      {children}
      <Toaster position="top-right" offset={{ top: TOAST_TOP_OFFSET_PX }} mobileOffset={{ top: TOAST_TOP_OFFSET_PX }} closeButton />
    </QueryClientProvider>
  )
}
