import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { PROFILE_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { Spinner } from '#web/components/ui/spinner'
import { authClient, type SessionUser } from '#web/lib/auth-client'

/** First and last name with 'Save Changes'; the e-mail is shown read-only with its note. */
export function NameForm({ user }: { user: SessionUser }) {
  const [firstName, setFirstName] = useState(user.firstName ?? '')
  const [lastName, setLastName] = useState(user.lastName ?? '')
  const [isSaving, setIsSaving] = useState(false)

  async function save(event: FormEvent) {
    event.preventDefault()
    setIsSaving(true)
    const first = firstName.trim()
    const last = lastName.trim()
    const { error } = await authClient.updateUser({ firstName: first, lastName: last, name: [first, last].filter(Boolean).join(' ') || user.email })
    setIsSaving(false)
    if (error) toast.error('Error', { description: PROFILE_MESSAGES.profileUpdateFailed })
    else toast.success(PROFILE_MESSAGES.profileUpdated)
  }

  return (
    <form onSubmit={(event) => void save(event)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="profile-first-name">First name</Label>
          <Input id="profile-first-name" value={firstName} maxLength={100} autoComplete="given-name" onChange={(event) => setFirstName(event.target.value)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="profile-last-name">Last name</Label>
          <Input id="profile-last-name" value={lastName} maxLength={100} autoComplete="family-name" onChange={(event) => setLastName(event.target.value)} />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="profile-email">Email</Label>
        <Input id="profile-email" value={user.email} readOnly aria-describedby="profile-email-note" className="bg-muted" />
        <p id="profile-email-note" className="text-xs text-muted-foreground">
          {PROFILE_MESSAGES.emailNote}
        </p>
      </div>
      <div>
        <Button type="submit" disabled={isSaving}>
          {isSaving && <Spinner />}
          {PROFILE_MESSAGES.saveChanges}
        </Button>
      </div>
    </form>
  )
}
