import { useEffect } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { FullPageLoader } from '#web/components/full-page-loader'
import { authClient } from '#web/lib/auth-client'
import { clearSigningOut, isSigningOut } from '#web/lib/signing-out'
import { storeAuthRedirect } from '../lib/post-auth-redirect'

/** Signed-out visitors are sent to sign in and brought back here afterwards (000 §2). */
export function ProtectedRoute() {
  const { data: session, isPending } = authClient.useSession()
  const { pathname, search } = useLocation()
  const isSignedOut = !isPending && !session

  useEffect(() => {
    if (session) clearSigningOut()
    else if (isSignedOut && !isSigningOut()) storeAuthRedirect(pathname + search)
  }, [session, isSignedOut, pathname, search])

  if (isPending) return <FullPageLoader />
  // A deliberate sign-out lands on '/' even when its own navigation there has not finished yet.
  if (!session) return <Navigate to={isSigningOut() ? '/' : '/?auth=required'} replace />
  return <Outlet />
}
