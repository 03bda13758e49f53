import { useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { AUTH_MESSAGES, PROFILE_MESSAGES } from '#common/messages'
import { signInSchema, type SignInInput } from '#common/schemas/auth'
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
import { signInErrorDisplay } from '../lib/sign-in-error'
import { VERIFIED_CALLBACK_URL } from '../lib/auth-search-params'
import { PasswordInput } from './password-input'
import { EmailField } from './email-field'
import { SubmitButton } from './submit-button'
import { TwoFactorCodeForm } from './two-factor-code-form'

type SignInFormProps = {
  onSignedIn: () => void
  onForgotPassword: () => void
  onCodeStepChange?: (isCodeStep: boolean) => void
}

export function SignInForm({ onSignedIn, onForgotPassword, onCodeStepChange }: SignInFormProps) {
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  })
  const { isSubmitting } = form.formState
  const [notice, setNotice] = useState<{ title: string; message: string } | null>(null)
  const [needsCode, setNeedsCodeState] = useState(false)
  function setNeedsCode(next: boolean) {
    setNeedsCodeState(next)
    onCodeStepChange?.(next)
  }

  async function signIn(values: SignInInput) {
    setNotice(null)
    try {
      // An unverified account gets a fresh verification mail; its link should land like sign-up's.
      const { data, error } = await authClient.signIn.email({
        ...values,
        callbackURL: VERIFIED_CALLBACK_URL,
      })
      if (error) {
        const shown = signInErrorDisplay(error, values.email)
        if (shown.kind === 'password') form.setError('password', { type: 'server', message: shown.message }, { shouldFocus: true })
        else if (shown.kind === 'unverified') {
          setNotice(shown)
          toast.info(shown.title, { description: shown.message })
        } else toastAuthError(error)
        return
      }
      if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) {
        setNeedsCode(true)
        return
      }
      form.reset()
      toast.success(AUTH_MESSAGES.welcomeBackTitle, { description: AUTH_MESSAGES.welcomeBackBody })
      onSignedIn()
    } catch {
      toastUnexpectedError()
    }
  }

  if (needsCode) {
    return (
      <TwoFactorCodeForm
        onSignedIn={() => {
          form.reset()
          onSignedIn()
        }}
        onRestart={(reason) => {
          setNeedsCode(false)
          form.resetField('password')
          if (reason) setNotice({ title: PROFILE_MESSAGES.twoFactorCodeTitle, message: reason })
        }}
      />
    )
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(signIn)} className="grid gap-4" noValidate>
        <EmailField control={form.control} />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Password</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="-mt-2 flex justify-end">
          <button
            type="button"
            onClick={onForgotPassword}
            className="rounded-sm text-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            Forgot password?
          </button>
        </div>
        {notice && (
          <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <p className="font-medium">{notice.title}</p>
            <p>{notice.message}</p>
          </div>
        )}
        <SubmitButton isBusy={isSubmitting}>Sign in</SubmitButton>
      </form>
    </Form>
  )
}
