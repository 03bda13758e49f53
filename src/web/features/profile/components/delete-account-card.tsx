import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { AUTH_MESSAGES, PROFILE_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { Spinner } from '#web/components/ui/spinner'
import { useSignOut } from '#web/hooks/use-sign-out'
import { ApiError } from '#web/lib/api-client'
import { useDeleteAccount } from '../api/delete-account'
import { FormProblem } from './form-problem'
import { PasswordField } from './password-field'

/**
 * The danger zone: deleting the account, confirmed by the password (or, for a Google-only user,
 * the e-mail typed). Then the user is signed out on the landing page.
 */
export function DeleteAccountCard({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const [isOpen, setIsOpen] = useState(false)
  const [confirmation, setConfirmation] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const deletion = useDeleteAccount()
  const signOut = useSignOut()

  function setOpen(next: boolean) {
    if (!next) {
      setConfirmation('')
      setProblem(null)
    }
    setIsOpen(next)
  }

  async function confirm(event: FormEvent) {
    event.preventDefault()
    setProblem(null)
    try {
      await deletion.mutateAsync(hasPassword ? { password: confirmation } : { email: confirmation })
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : AUTH_MESSAGES.unexpected)
      return
    }
    await signOut()
    toast.success(PROFILE_MESSAGES.accountDeleted)
  }

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle className="text-destructive">{PROFILE_MESSAGES.dangerZone}</CardTitle>
        <CardDescription>{PROFILE_MESSAGES.deleteAccountBody}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button type="button" variant="destructive" onClick={() => setOpen(true)}>
          {PROFILE_MESSAGES.deleteAccount}
        </Button>
        <Dialog open={isOpen} onOpenChange={setOpen}>
          <DialogContent className="sm:max-w-md">
            <DialogHeader>
              <DialogTitle>{PROFILE_MESSAGES.deleteAccount}</DialogTitle>
              <DialogDescription>{PROFILE_MESSAGES.deleteAccountBody}</DialogDescription>
            </DialogHeader>
            <form onSubmit={(event) => void confirm(event)} className="grid gap-4">
              {hasPassword ? (
                <PasswordField
                  id="delete-account-password"
                  label={PROFILE_MESSAGES.deleteAccountConfirmPassword}
                  value={confirmation}
                  onChange={setConfirmation}
                  autoComplete="current-password"
                />
              ) : (
                <div className="grid gap-2">
                  <Label htmlFor="delete-account-email">{PROFILE_MESSAGES.deleteAccountConfirmEmail}</Label>
                  <Input
                    id="delete-account-email"
                    type="email"
                    autoComplete="off"
                    placeholder={email}
                    value={confirmation}
                    onChange={(event) => setConfirmation(event.target.value)}
                  />
                </div>
              )}
              <FormProblem text={problem} />
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" variant="destructive" disabled={deletion.isPending || !confirmation.trim()}>
                  {deletion.isPending && <Spinner />}
                  {PROFILE_MESSAGES.deleteAccount}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  )
}
