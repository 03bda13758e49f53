import { lazy, Suspense, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { AUTH_MESSAGES } from '#common/messages'
import type { AuthMode } from '#common/schemas/auth'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog'
import { Spinner } from '#web/components/ui/spinner'
import { authClient } from '#web/lib/auth-client'
import { useAuthDialogState } from '../hooks/use-auth-dialog-state'
import { AUTH_PARAM, withoutParams } from '../lib/auth-search-params'

const AuthDialogBody = lazy(async () => ({
  default: (await import('./auth-dialog-body')).AuthDialogBody,
}))

const copy: Record<AuthMode, { title: string; description: string }> = {
  signin: { title: 'Welcome back', description: 'Sign in to your Rowcraft account.' },
  signup: {
    title: 'Create your account',
    description: 'Start enriching your lead lists with AI.',
  },
  forgotPassword: {
    title: 'Reset your password',
    description: "Enter your e-mail and we'll send you a link to choose a new password.",
  },
}

/**
 * The sign-in / sign-up / forgot-password dialog, opened by `?mode=` or, for signed-out visitors,
 * `?auth=required`. Closing it removes both parameters.
 */
export function AuthDialog() {
  const { mode, close, switchMode } = useAuthDialogState()
  const { data: session, isPending } = authClient.useSession()
  // Better Auth marks every refetch of a signed-out session as pending again (a sign-in attempt,
  // the tab regaining focus): only the first answer is waited for, or the dialog would close and
  // reopen under the user, and its overlay, mounted again, would cover its own form.
  const [hasSessionAnswered, setHasSessionAnswered] = useState(!isPending)
  if (!isPending && !hasSessionAnswered) setHasSessionAnswered(true)
  const isOpen = mode !== null && hasSessionAnswered && !session
  // Keeps the last mode on screen while the dialog animates closed.
  const [shownMode, setShownMode] = useState<AuthMode>(mode ?? 'signin')
  if (mode && mode !== shownMode) setShownMode(mode)
  useGoogleErrorToast()

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{copy[shownMode].title}</DialogTitle>
          <DialogDescription>{copy[shownMode].description}</DialogDescription>
        </DialogHeader>
        <Suspense
          fallback={
            <div className="flex justify-center py-10">
              <Spinner className="size-6" />
            </div>
          }
        >
          <AuthDialogBody key={shownMode} mode={shownMode} onClose={close} onSwitchMode={switchMode} />
        </Suspense>
      </DialogContent>
    </Dialog>
  )
}

/** Google sends failures back to `?mode=signin&authError=google&error=<code>`. */
function useGoogleErrorToast() {
  const [searchParams, setSearchParams] = useSearchParams()
  const isGoogleError = searchParams.get(AUTH_PARAM.authError) === 'google'

  useEffect(() => {
    if (!isGoogleError) return
    toast.error(AUTH_MESSAGES.errorTitle, {
      id: 'google-sign-in-error',
      description: AUTH_MESSAGES.googleFailed,
    })
    setSearchParams(
      (current) =>
        withoutParams(current, [AUTH_PARAM.authError, AUTH_PARAM.error, AUTH_PARAM.errorDescription]),
      { replace: true },
    )
  }, [isGoogleError, setSearchParams])
}
