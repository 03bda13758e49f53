import { useEffect, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { AUTH_LINK_MESSAGES, AUTH_MESSAGES } from '#common/messages'
import { authClient } from '#web/lib/auth-client'
import {
  AUTH_PARAM,
  isReturningFromAuthLink,
  readAuthMode,
  withoutParams,
} from '../lib/auth-search-params'
import { takePostAuthDestination } from '../lib/post-auth-redirect'

/**
 * Runs before the usual destination once the visitor is signed in. Returns where to go instead
 * (e.g. `/dashboard/{uploadId}` after importing a file saved before sign-in), or null. Pass a
 * stable function (module level): it is an effect dependency.
 */
export type PendingUploadStep = () => Promise<string | null>

/**
 * On the marketing pages: once a user exists and the auth dialog had been open, or the visitor
 * came back from Google (`?auth=callback`) or the verification link (`?verified=1`), send them on.
 */
export function usePostAuthRedirect({ runPendingUploadStep }: { runPendingUploadStep: PendingUploadStep }) {
  const navigate = useNavigate()
  const [searchParams, setSearchParams] = useSearchParams()
  const { data: session, isPending } = authClient.useSession()
  const hasUser = Boolean(session?.user)
  const isDialogOpen = readAuthMode(searchParams) !== null && !isPending && !hasUser
  const isReturning = isReturningFromAuthLink(searchParams)
  const linkError = searchParams.get(AUTH_PARAM.error)
  const dialogWasOpen = useRef(false)
  const isRedirecting = useRef(false)

  useEffect(() => {
    if (isDialogOpen) dialogWasOpen.current = true
  }, [isDialogOpen])

  useEffect(() => {
    if (!hasUser || isRedirecting.current) return
    if (!dialogWasOpen.current && !isReturning) return
    isRedirecting.current = true
    void (async () => {
      const pendingUploadDestination = await runPendingUploadStep().catch(() => null)
      // Taken either way, so a stale target does not resurface at the next sign-in.
      const storedDestination = takePostAuthDestination()
      await navigate(pendingUploadDestination ?? storedDestination, { replace: true })
    })()
  }, [hasUser, isReturning, navigate, runPendingUploadStep])

  // A failed or expired verification link comes back as `?verified=1&error=...` with no session.
  useEffect(() => {
    if (isPending || hasUser || !isReturning) return
    if (searchParams.get(AUTH_PARAM.verified) === '1' && linkError) {
      toast.error(AUTH_MESSAGES.errorTitle, {
        id: 'verification-link-error',
        description: AUTH_LINK_MESSAGES.verificationInvalid,
      })
    }
    setSearchParams(
      (current) =>
        withoutParams(current, [AUTH_PARAM.auth, AUTH_PARAM.verified, AUTH_PARAM.error]),
      { replace: true },
    )
  }, [hasUser, isPending, isReturning, linkError, searchParams, setSearchParams])
}
