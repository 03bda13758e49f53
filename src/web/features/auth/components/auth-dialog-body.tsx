import { useState } from 'react'
import { toast } from 'sonner'
import { SIGN_UP_TOAST_DELAY_MS, TOAST_DURATIONS } from '#common/constants'
import { AUTH_MESSAGES } from '#common/messages'
import type { AuthMode } from '#common/schemas/auth'
import { usePublicConfig } from '#web/lib/public-config'
import { ForgotPasswordForm } from './forgot-password-form'
import { GoogleSignInButton } from './google-sign-in-button'
import { SignInForm } from './sign-in-form'
import { SignUpForm } from './sign-up-form'

type AuthDialogBodyProps = {
  mode: AuthMode
  onClose: () => void
  onSwitchMode: (mode: AuthMode) => void
}

/** The forms of the auth dialog; loaded on first open so the landing bundle stays small. */
export function AuthDialogBody({ mode, onClose, onSwitchMode }: AuthDialogBodyProps) {
  const { data: config } = usePublicConfig()
  // While the sign-in waits for a two-factor code, only that step is shown.
  const [isCodeStepShown, setIsCodeStep] = useState(false)
  const isCodeStep = isCodeStepShown && mode === 'signin'
  const showGoogle = config?.googleEnabled === true && mode !== 'forgotPassword' && !isCodeStep

  function showCheckInbox() {
    onClose()
    setTimeout(() => {
      toast.success(AUTH_MESSAGES.checkInboxTitle, {
        description: AUTH_MESSAGES.checkInboxBody,
        duration: TOAST_DURATIONS.checkInbox,
      })
    }, SIGN_UP_TOAST_DELAY_MS)
  }

  return (
    <>
      {showGoogle && (
        <>
          <GoogleSignInButton />
          <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>
        </>
      )}

      {mode === 'signin' && (
        <SignInForm onSignedIn={onClose} onForgotPassword={() => onSwitchMode('forgotPassword')} onCodeStepChange={setIsCodeStep} />
      )}
      {mode === 'signup' && <SignUpForm onSignedUp={showCheckInbox} />}
      {mode === 'forgotPassword' && <ForgotPasswordForm onSent={() => onSwitchMode('signin')} />}

      <div className="text-center text-sm">
        {mode === 'signin' && !isCodeStep && (
          <ModeLink onClick={() => onSwitchMode('signup')}>Don't have an account? Sign up</ModeLink>
        )}
        {mode === 'signup' && (
          <ModeLink onClick={() => onSwitchMode('signin')}>Already have an account? Sign in</ModeLink>
        )}
        {mode === 'forgotPassword' && (
          <ModeLink onClick={() => onSwitchMode('signin')}>Back to sign in</ModeLink>
        )}
      </div>
    </>
  )
}

function ModeLink({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {children}
    </button>
  )
}
