import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { signUpSchema, type SignUpInput } from '#common/schemas/auth'
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '#web/components/ui/form'
import { Input } from '#web/components/ui/input'
import { authClient } from '#web/lib/auth-client'
import { toastAuthError, toastUnexpectedError } from '../lib/auth-error-toast'
import { VERIFIED_CALLBACK_URL } from '../lib/auth-search-params'
import { buildFullName } from '../lib/full-name'
import { PasswordInput } from './password-input'
import { PasswordPolicyHint } from './password-policy-hint'
import { PasswordStrengthMeter } from './password-strength-meter'
import { EmailField } from './email-field'
import { SubmitButton } from './submit-button'

export function SignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  })
  const { isSubmitting } = form.formState
  const password = useWatch({ control: form.control, name: 'password' })

  async function signUp(values: SignUpInput) {
    try {
      const { error } = await authClient.signUp.email({
        name: buildFullName(values),
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        password: values.password,
        callbackURL: VERIFIED_CALLBACK_URL,
      })
      if (error) {
        toastAuthError(error)
        return
      }
      form.reset()
      onSignedUp()
    } catch {
      toastUnexpectedError()
    }
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(signUp)} className="grid gap-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="firstName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>First name</FormLabel>
                <FormControl>
                  <Input autoComplete="given-name" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="lastName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Last name</FormLabel>
                <FormControl>
                  <Input autoComplete="family-name" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <EmailField control={form.control} />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-center gap-1.5">
                <FormLabel>Password</FormLabel>
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
        <SubmitButton isBusy={isSubmitting}>Create account</SubmitButton>
      </form>
    </Form>
  )
}
