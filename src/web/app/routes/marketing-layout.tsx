import { Outlet } from 'react-router'
import { MarketingFooter } from '#web/components/layouts/marketing-footer'
import { MarketingHeader } from '#web/components/layouts/marketing-header'
import { AuthDialog } from '#web/features/auth/components/auth-dialog'
import { usePostAuthRedirect } from '#web/features/auth/hooks/use-post-auth-redirect'

/**
 * Public pages: header, footer and the auth dialog (opened anywhere by `?mode=` / `?auth=`).
 * The upload issue passes its pending-file step to usePostAuthRedirect({ runPendingUploadStep }).
 */
export function MarketingLayout() {
  usePostAuthRedirect()

  return (
    <div className="flex min-h-dvh flex-col">
      <MarketingHeader />
      <main className="flex-1">
        <Outlet />
      </main>
      <MarketingFooter />
      <AuthDialog />
    </div>
  )
}
