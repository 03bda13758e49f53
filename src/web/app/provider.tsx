import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Toaster } from '#web/components/ui/sonner'
import { TooltipProvider } from '#web/components/ui/tooltip'
import { queryClient } from '#web/lib/query-client'

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <Toaster position="top-right" closeButton />
      </TooltipProvider>
    </QueryClientProvider>
  )
}
