import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { AUTH_MESSAGES } from '#common/messages'
import { forgotPasswordSchema, type ForgotPasswordInput } from '#common/schemas/auth'
import { Form } from '#web/components/ui/form'
import { authClient } from '#web/lib/auth-client'
import { toastAuthError, toastUnexpectedError } from '../lib/auth-error-toast'
import { EmailField } from './email-field'
import { SubmitButton } from './submit-button'

/** The mailed link lands here with `?token=` (or `?error=INVALID_TOKEN`). */
const RESET_PASSWORD_PATH = '/reset-password'

export function ForgotPasswordForm({ onSent }: { onSent: () => void }) {
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  })
  const { isSubmitting } = form.formState

  async function requestReset({ email }: ForgotPasswordInput) {
    try {
      const { error } = await authClient.requestPasswordReset({
        email,
        redirectTo: RESET_PASSWORD_PATH,
      })
      if (error) {
        toastAuthError(error)
        return
      }
      form.reset()
      toast.success(AUTH_MESSAGES.resetSentTitle, { description: AUTH_MESSAGES.resetSentBody })
      onSent()
    } catch {
      toastUnexpectedError()
    }
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(requestReset)} className="grid gap-4" noValidate>
        <EmailField control={form.control} />
        <SubmitButton isBusy={isSubmitting}>Send reset link</SubmitButton>
      </form>
    </Form>
  )
}
