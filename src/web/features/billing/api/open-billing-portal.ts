import { useMutation } from '@tanstack/react-query'
import { toast } from 'sonner'
import { AUTH_MESSAGES, SUBSCRIPTION_PAGE_MESSAGES } from '#common/messages'
import type { PortalResult } from '#common/schemas/billing'
import { api, unwrap } from '#web/lib/api-client'

export async function createPortalSession(): Promise<PortalResult> {
  return unwrap(await api.billing.portal.$post())
}

/**
 * customer-portal, opened in a new tab. The tab is opened before the request, while the click
 * still counts as a user gesture, so pop-up blockers let it through.
 */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: async () => {
      const tab = window.open('', '_blank')
      try {
        const { url } = await createPortalSession()
        if (tab) tab.location.href = url
        else window.location.assign(url)
      } catch (error) {
        tab?.close()
        throw error
      }
    },
    onError: () => {
      toast.error(AUTH_MESSAGES.errorTitle, { description: SUBSCRIPTION_PAGE_MESSAGES.portalFailed })
    },
  })
}
