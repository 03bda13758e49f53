import { Outlet } from 'react-router'
import { MarketingFooter } from '#web/components/layouts/marketing-footer'
import { MarketingHeader } from '#web/components/layouts/marketing-header'
import { AuthDialog } from '#web/features/auth/components/auth-dialog'
import { usePostAuthRedirect } from '#web/features/auth/hooks/use-post-auth-redirect'

/** A file saved before sign-in is imported first (000 §4); its code loads only after a sign-in. */
async function runPendingUploadStep() {
  const { runPendingUploadStep: run } = await import('#web/features/uploads/lib/pending-upload-step')
  return run()
}

/** Public pages: header, footer and the auth dialog (opened anywhere by `?mode=` / `?auth=`). */
export function MarketingLayout() {
  usePostAuthRedirect({ runPendingUploadStep })

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
