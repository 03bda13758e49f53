import { useEffect } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { FullPageLoader } from '#web/components/full-page-loader'
import { authClient } from '#web/lib/auth-client'
import { storeAuthRedirect } from '../lib/post-auth-redirect'

/** Signed-out visitors are sent to sign in and brought back here afterwards (000 §2). */
export function ProtectedRoute() {
  const { data: session, isPending } = authClient.useSession()
  const { pathname, search } = useLocation()
  const isSignedOut = !isPending && !session

  useEffect(() => {
    if (isSignedOut) storeAuthRedirect(pathname + search)
  }, [isSignedOut, pathname, search])

  if (isPending) return <FullPageLoader />
  if (!session) return <Navigate to="/?auth=required" replace />
  return <Outlet />
}
