import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { TOAST_BOTTOM_OFFSET_PX, TOAST_TOP_OFFSET_PX } from '#common/constants'
import { Toaster } from '#web/components/ui/sonner'
import { useIsMobile } from '#web/hooks/use-mobile'
import { queryClient } from '#web/lib/query-client'

export function AppProvider({ children }: { children: ReactNode }) {
  // On a phone a toast at the top covers a dialog's close button and the page's title: it comes up from the bottom there.
  const isMobile = useIsMobile()
  return (
    <QueryClientProvider client={queryClient}>
      {/* No global TooltipProvider: each Tooltip brings its own, so the marketing pages skip its code. */}
      {children}
      <Toaster
        position={isMobile ? 'bottom-center' : 'top-right'}
        offset={isMobile ? { bottom: TOAST_BOTTOM_OFFSET_PX } : { top: TOAST_TOP_OFFSET_PX }}
        mobileOffset={{ bottom: TOAST_BOTTOM_OFFSET_PX }}
        closeButton
      />
    </QueryClientProvider>
  )
}
