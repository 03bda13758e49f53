import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { AUTH_MESSAGES, PROFILE_MESSAGES } from '#common/messages'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { authClient } from '#web/lib/auth-client'
import { toastAuthError, toastUnexpectedError } from '../lib/auth-error-toast'
import { readTwoFactorCode, twoFactorErrorDisplay } from '../lib/two-factor-code'
import { SubmitButton } from './submit-button'

type TwoFactorCodeFormProps = {
  onSignedIn: () => void
  /** Back to the password step, with the reason when the sign-in expired. */
  onRestart: (reason: string | null) => void
}

/** The sign-in's second step: a code from the authenticator app, or a backup code. */
export function TwoFactorCodeForm({ onSignedIn, onRestart }: TwoFactorCodeFormProps) {
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)

  async function verify(event: FormEvent) {
    event.preventDefault()
    const { kind, code } = readTwoFactorCode(value)
    if (!code) return setProblem(PROFILE_MESSAGES.twoFactorInvalidCode)
    setProblem(null)
    setIsBusy(true)
    try {
      const { error } =
        kind === 'totp' ? await authClient.twoFactor.verifyTotp({ code }) : await authClient.twoFactor.verifyBackupCode({ code })
      if (error) {
        const shown = twoFactorErrorDisplay(error)
        if (shown.kind === 'field') setProblem(shown.message)
        else if (shown.kind === 'restart') onRestart(shown.message)
        else toastAuthError(error)
        return
      }
      toast.success(AUTH_MESSAGES.welcomeBackTitle, { description: AUTH_MESSAGES.welcomeBackBody })
      onSignedIn()
    } catch {
      toastUnexpectedError()
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <form onSubmit={(event) => void verify(event)} className="grid gap-4" noValidate>
      <div className="grid gap-1">
        <h3 className="font-medium">{PROFILE_MESSAGES.twoFactorCodeTitle}</h3>
        <p className="text-sm text-muted-foreground">{PROFILE_MESSAGES.twoFactorCodeBody}</p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="two-factor-code">{PROFILE_MESSAGES.twoFactorCodeLabel}</Label>
        <Input
          id="two-factor-code"
          autoFocus
          autoComplete="one-time-code"
          inputMode="text"
          placeholder="123456"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'two-factor-code-problem' : undefined}
        />
        {problem && (
          <p id="two-factor-code-problem" role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
      </div>
      <SubmitButton isBusy={isBusy}>{PROFILE_MESSAGES.twoFactorVerifySignIn}</SubmitButton>
      <button
        type="button"
        onClick={() => onRestart(null)}
        className="justify-self-center rounded-sm text-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {PROFILE_MESSAGES.twoFactorBackToSignIn}
      </button>
    </form>
  )
}
