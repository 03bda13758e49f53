import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card'
import { ResetPasswordForm } from '#web/features/auth/components/reset-password-form'

export function ResetPasswordRoute() {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16 md:py-24">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-xl">Choose a new password</h1>
          </CardTitle>
          <CardDescription>Pick a strong password you don't use anywhere else.</CardDescription>
        </CardHeader>
        <CardContent>
          <ResetPasswordForm />
        </CardContent>
      </Card>
    </div>
  )
}
