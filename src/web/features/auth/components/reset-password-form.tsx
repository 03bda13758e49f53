import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { AUTH_LINK_MESSAGES } from '#common/messages'
import { resetPasswordSchema, type ResetPasswordInput } from '#common/schemas/auth'
import { buttonVariants } from '#web/components/ui/button'
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '#web/components/ui/form'
import { authClient } from '#web/lib/auth-client'
import { toastAuthError, toastUnexpectedError } from '../lib/auth-error-toast'
import { PasswordInput } from './password-input'
import { PasswordPolicyHint } from './password-policy-hint'
import { PasswordStrengthMeter } from './password-strength-meter'
import { SubmitButton } from './submit-button'

/** The page behind the mailed reset link: `/reset-password?token=...` or `?error=INVALID_TOKEN`. */
export function ResetPasswordForm() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')

  if (!token || searchParams.has('error')) return <InvalidResetLink />
  return <NewPasswordForm token={token} />
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate()
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  })
  const { isSubmitting } = form.formState
  const password = useWatch({ control: form.control, name: 'password' })

  async function resetPassword({ password: newPassword }: ResetPasswordInput) {
    try {
      const { error } = await authClient.resetPassword({ newPassword, token })
      if (error) {
        toastAuthError(error)
        return
      }
      form.reset()
      toast.success(AUTH_LINK_MESSAGES.resetDoneTitle, {
        description: AUTH_LINK_MESSAGES.resetDoneBody,
      })
      await navigate('/?mode=signin', { replace: true })
    } catch {
      toastUnexpectedError()
    }
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(resetPassword)} className="grid gap-4" noValidate>
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-center gap-1.5">
                <FormLabel>New password</FormLabel>
                <PasswordPolicyHint />
              </div>
              <FormControl>
                <PasswordInput autoComplete="new-password" {...field} />
              </FormControl>
              {password && <PasswordStrengthMeter password={password} />}
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="confirm"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Confirm password</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="new-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <SubmitButton isBusy={isSubmitting}>Reset password</SubmitButton>
      </form>
    </Form>
  )
}

function InvalidResetLink() {
  return (
    <div className="grid gap-4" role="alert">
      <p className="text-sm text-muted-foreground">{AUTH_LINK_MESSAGES.resetInvalid}</p>
      <Link to="/?mode=forgotPassword" className={buttonVariants({ className: 'w-full' })}>
        Request a new link
      </Link>
    </div>
  )
}
