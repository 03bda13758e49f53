import QRCode from 'qrcode'
import { useEffect, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { PROFILE_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { Spinner } from '#web/components/ui/spinner'
import { authClient } from '#web/lib/auth-client'
import { downloadBackupCodes, manualEntryKey } from '../lib/backup-codes-file'
import { FormProblem } from './form-problem'
import { PasswordField } from './password-field'

type Step = { name: 'password' } | { name: 'scan'; totpURI: string; backupCodes: string[] } | { name: 'codes'; backupCodes: string[] }

type TwoFactorSetupDialogProps = { email: string; open: boolean; onOpenChange: (open: boolean) => void }

/**
 * Turning two-factor on: the password, then the QR code (and the key for manual entry) and a code
 * from the app, which turns it on; then the backup codes, shown this once.
 */
export function TwoFactorSetupDialog({ email, open, onOpenChange }: TwoFactorSetupDialogProps) {
  const [step, setStep] = useState<Step>({ name: 'password' })
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)

  function close(next: boolean) {
    if (!next) {
      setStep({ name: 'password' })
      setPassword('')
      setCode('')
      setProblem(null)
    }
    onOpenChange(next)
  }

  async function start(event: FormEvent) {
    event.preventDefault()
    setIsBusy(true)
    const { data, error } = await authClient.twoFactor.enable({ password })
    setIsBusy(false)
    if (error || !data || !('totpURI' in data) || !data.totpURI) {
      setProblem(error?.code === 'INVALID_PASSWORD' ? PROFILE_MESSAGES.passwordWrong : PROFILE_MESSAGES.twoFactorFailed)
      return
    }
    setProblem(null)
    setPassword('')
    setStep({ name: 'scan', totpURI: data.totpURI, backupCodes: data.backupCodes ?? [] })
  }

  async function confirm(event: FormEvent) {
    event.preventDefault()
    if (step.name !== 'scan') return
    setIsBusy(true)
    const { error } = await authClient.twoFactor.verifyTotp({ code: code.replace(/\s+/g, '') })
    setIsBusy(false)
    if (error) {
      setProblem(error.status === 429 ? (error.message ?? PROFILE_MESSAGES.twoFactorFailed) : PROFILE_MESSAGES.twoFactorInvalidCode)
      return
    }
    setProblem(null)
    toast.success(PROFILE_MESSAGES.twoFactorEnabled)
    setStep({ name: 'codes', backupCodes: step.backupCodes })
  }

  async function copyCodes(codes: string[]) {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      toast.success(PROFILE_MESSAGES.twoFactorCodesCopied)
    } catch {
      toast.error('Error', { description: PROFILE_MESSAGES.twoFactorFailed })
    }
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{step.name === 'codes' ? PROFILE_MESSAGES.twoFactorBackupTitle : PROFILE_MESSAGES.twoFactorSetUpTitle}</DialogTitle>
          <DialogDescription>
            {step.name === 'password' && PROFILE_MESSAGES.twoFactorPasswordPrompt}
            {step.name === 'scan' && PROFILE_MESSAGES.twoFactorScan}
            {step.name === 'codes' && PROFILE_MESSAGES.twoFactorBackupBody}
          </DialogDescription>
        </DialogHeader>

        {step.name === 'password' && (
          <form onSubmit={(event) => void start(event)} className="grid gap-4">
            <PasswordField id="two-factor-password" label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
            <FormProblem text={problem} />
            <DialogFooter>
              <Button type="submit" disabled={isBusy || !password}>
                {isBusy && <Spinner />}
                Continue
              </Button>
            </DialogFooter>
          </form>
        )}

        {step.name === 'scan' && (
          <form onSubmit={(event) => void confirm(event)} className="grid gap-4">
            <QrCode value={step.totpURI} />
            <div className="grid gap-1 text-sm">
              <p className="text-muted-foreground">{PROFILE_MESSAGES.twoFactorManualKey}</p>
              <code data-testid="totp-manual-key" className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all select-all">
                {manualEntryKey(step.totpURI)}
              </code>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="two-factor-setup-code">{PROFILE_MESSAGES.twoFactorCodeLabel}</Label>
              <Input
                id="two-factor-setup-code"
                autoComplete="one-time-code"
                inputMode="numeric"
                placeholder="123456"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                aria-invalid={problem ? true : undefined}
              />
            </div>
            <FormProblem text={problem} />
            <DialogFooter>
              <Button type="submit" disabled={isBusy || code.replace(/\s+/g, '').length !== 6}>
                {isBusy && <Spinner />}
                {PROFILE_MESSAGES.twoFactorVerifyAndTurnOn}
              </Button>
            </DialogFooter>
          </form>
        )}

        {step.name === 'codes' && (
          <div className="grid gap-4">
            <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-md border bg-muted/50 p-3 font-mono text-sm">
              {step.backupCodes.map((backupCode) => (
                <li key={backupCode}>{backupCode}</li>
              ))}
            </ul>
            <DialogFooter className="gap-2">
              <Button type="button" variant="outline" onClick={() => void copyCodes(step.backupCodes)}>
                {PROFILE_MESSAGES.twoFactorCopyCodes}
              </Button>
              <Button type="button" variant="outline" onClick={() => downloadBackupCodes(email, step.backupCodes)}>
                {PROFILE_MESSAGES.twoFactorDownloadCodes}
              </Button>
              <Button type="button" onClick={() => close(false)}>
                {PROFILE_MESSAGES.twoFactorDone}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}

function QrCode({ value }: { value: string }) {
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    let isCurrent = true
    void QRCode.toDataURL(value, { margin: 1, width: 200 }).then((url) => {
      if (isCurrent) setSrc(url)
    })
    return () => {
      isCurrent = false
    }
  }, [value])
  return (
    <div className="flex justify-center">
      {src ? <img src={src} alt="QR code for your authenticator app" width={200} height={200} className="rounded-md border" /> : <div className="size-[200px]" />}
    </div>
  )
}
