import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { PASSWORD_RULES } from '#common/constants'
import { PROFILE_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Spinner } from '#web/components/ui/spinner'
import { authClient } from '#web/lib/auth-client'
import { PasswordField } from './password-field'

export const RESET_REDIRECT_PATH = '/dashboard/profile?reset=true'

/** 'Send Reset Email' and the Change Password form, which checks the current password. */
export function PasswordCard({ email }: { email: string }) {
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirm, setConfirm] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  const [isSending, setIsSending] = useState(false)

  async function sendReset() {
    setIsSending(true)
    const { error } = await authClient.requestPasswordReset({ email, redirectTo: RESET_REDIRECT_PATH })
    setIsSending(false)
    if (error) toast.error('Error', { description: PROFILE_MESSAGES.resetFailed })
    else toast.success(PROFILE_MESSAGES.resetSentTitle, { description: PROFILE_MESSAGES.resetSentBody })
  }

  async function change(event: FormEvent) {
    event.preventDefault()
    if (next !== confirm) return setProblem(PROFILE_MESSAGES.passwordsDontMatch)
    if (next.length < PASSWORD_RULES.changeMinLength) return setProblem(PROFILE_MESSAGES.passwordTooShort(PASSWORD_RULES.changeMinLength))
    setProblem(null)
    setIsSaving(true)
    const { error } = await authClient.changePassword({ currentPassword: current, newPassword: next, revokeOtherSessions: true })
    setIsSaving(false)
    if (error) {
      const message =
        error.code === 'INVALID_PASSWORD' ? PROFILE_MESSAGES.currentPasswordWrong : error.code === 'PASSWORD_POLICY' ? (error.message ?? PROFILE_MESSAGES.passwordUpdateFailed) : PROFILE_MESSAGES.passwordUpdateFailed
      setProblem(message)
      toast.error('Error', { description: message })
      return
    }
    setCurrent('')
    setNext('')
    setConfirm('')
    toast.success(PROFILE_MESSAGES.passwordUpdated)
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">Forgot your password? We can e-mail you a link to set a new one.</p>
        <Button type="button" variant="outline" disabled={isSending} onClick={() => void sendReset()}>
          {isSending && <Spinner />}
          {PROFILE_MESSAGES.sendResetEmail}
        </Button>
      </div>
      <form onSubmit={(event) => void change(event)} className="grid gap-4" aria-labelledby="change-password-heading">
        <h3 id="change-password-heading" className="font-medium">
          {PROFILE_MESSAGES.changePassword}
        </h3>
        <PasswordField id="current-password" label={PROFILE_MESSAGES.currentPassword} value={current} onChange={setCurrent} autoComplete="current-password" />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField id="new-password" label={PROFILE_MESSAGES.newPassword} value={next} onChange={setNext} autoComplete="new-password" />
          <PasswordField id="confirm-password" label={PROFILE_MESSAGES.confirmPassword} value={confirm} onChange={setConfirm} autoComplete="new-password" />
        </div>
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <div>
          <Button type="submit" disabled={isSaving || !current || !next || !confirm}>
            {isSaving && <Spinner />}
            {PROFILE_MESSAGES.changePassword}
          </Button>
        </div>
      </form>
    </div>
  )
}
