import { ShieldCheckIcon } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { PROFILE_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog'
import { Spinner } from '#web/components/ui/spinner'
import { authClient } from '#web/lib/auth-client'
import { FormProblem } from './form-problem'
import { PasswordField } from './password-field'
import { TwoFactorSetupDialog } from './two-factor-setup-dialog'

/** Two-factor sign-in with an authenticator app: its state, and the way to turn it on or off. */
export function TwoFactorCard({ email, isEnabled }: { email: string; isEnabled: boolean }) {
  const [isSetupOpen, setIsSetupOpen] = useState(false)
  const [isDisableOpen, setIsDisableOpen] = useState(false)

  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="two-factor-status">
        {isEnabled && <ShieldCheckIcon className="size-4 text-emerald-600" aria-hidden="true" />}
        {isEnabled ? PROFILE_MESSAGES.twoFactorOn : PROFILE_MESSAGES.twoFactorOff}
      </p>
      {isEnabled ? (
        <Button type="button" variant="outline" onClick={() => setIsDisableOpen(true)}>
          {PROFILE_MESSAGES.twoFactorTurnOff}
        </Button>
      ) : (
        <Button type="button" onClick={() => setIsSetupOpen(true)}>
          {PROFILE_MESSAGES.twoFactorTurnOn}
        </Button>
      )}
      <TwoFactorSetupDialog email={email} open={isSetupOpen} onOpenChange={setIsSetupOpen} />
      <TwoFactorDisableDialog open={isDisableOpen} onOpenChange={setIsDisableOpen} />
    </div>
  )
}

function TwoFactorDisableDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)

  function close(next: boolean) {
    if (!next) {
      setPassword('')
      setProblem(null)
    }
    onOpenChange(next)
  }

  async function disable(event: FormEvent) {
    event.preventDefault()
    setIsBusy(true)
    const { error } = await authClient.twoFactor.disable({ password })
    setIsBusy(false)
    if (error) {
      setProblem(error.code === 'INVALID_PASSWORD' ? PROFILE_MESSAGES.passwordWrong : PROFILE_MESSAGES.twoFactorFailed)
      return
    }
    toast.success(PROFILE_MESSAGES.twoFactorDisabled)
    close(false)
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{PROFILE_MESSAGES.twoFactorTurnOffTitle}</DialogTitle>
          <DialogDescription>{PROFILE_MESSAGES.twoFactorTurnOffBody}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void disable(event)} className="grid gap-4">
          <PasswordField id="two-factor-disable-password" label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
          <FormProblem text={problem} />
          <DialogFooter>
            <Button type="submit" variant="destructive" disabled={isBusy || !password}>
              {isBusy && <Spinner />}
              {PROFILE_MESSAGES.twoFactorTurnOff}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
