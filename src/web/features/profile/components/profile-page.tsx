import { useQuery } from '@tanstack/react-query'
import { PAGE_TITLES, PROFILE_MESSAGES } from '#common/messages'
import { FullPageLoader } from '#web/components/full-page-loader'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card'
import { authClient } from '#web/lib/auth-client'
import { AvatarCard } from './avatar-card'
import { DeleteAccountCard } from './delete-account-card'
import { NameForm } from './name-form'
import { PasswordCard } from './password-card'
import { TwoFactorCard } from './two-factor-card'

/** Profile (001 §2): avatar, names, e-mail, password or the linked Google account. */
export function ProfilePage() {
  const { data: session, isPending } = authClient.useSession()
  const accounts = useQuery({
    queryKey: ['profile', 'accounts'],
    queryFn: async () => {
      const { data, error } = await authClient.listAccounts()
      if (error) throw new Error(error.message)
      return data
    },
  })
  if (isPending || !session) return <FullPageLoader />
  const user = session.user
  const providers = new Set((accounts.data ?? []).map((account) => account.providerId))
  const hasPassword = providers.has('credential')
  const hasGoogle = providers.has('google')

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{PAGE_TITLES.profile}</h1>
        <p className="text-muted-foreground">Your name, picture and sign-in.</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Personal information</CardTitle>
          <CardDescription>How you appear in Rowcraft.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <AvatarCard user={user} />
          <NameForm key={user.id} user={user} />
        </CardContent>
      </Card>
      {hasGoogle && (
        <Card>
          <CardHeader>
            <CardTitle>{PROFILE_MESSAGES.googleAccount}</CardTitle>
            <CardDescription>{user.email}</CardDescription>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">{PROFILE_MESSAGES.googleLinked}</CardContent>
        </Card>
      )}
      {accounts.isSuccess && hasPassword && (
        <Card>
          <CardHeader>
            <CardTitle>Password</CardTitle>
            <CardDescription>Changing it signs you out on every other device.</CardDescription>
          </CardHeader>
          <CardContent>
            <PasswordCard email={user.email} />
          </CardContent>
        </Card>
      )}
      {accounts.isSuccess && hasPassword && (
        <Card>
          <CardHeader>
            <CardTitle>{PROFILE_MESSAGES.twoFactorTitle}</CardTitle>
            <CardDescription>An authenticator app's code at every sign-in, besides your password.</CardDescription>
          </CardHeader>
          <CardContent>
            <TwoFactorCard email={user.email} isEnabled={user.twoFactorEnabled === true} />
          </CardContent>
        </Card>
      )}
      {accounts.isSuccess && <DeleteAccountCard email={user.email} hasPassword={hasPassword} />}
    </div>
  )
}
