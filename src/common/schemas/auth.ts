import { z } from 'zod'
import { PASSWORD_RULES, STRENGTH_THRESHOLDS } from '#common/constants'
import { PASSWORD_POLICY_TOOLTIP } from '#common/messages'

/** The five rules of the strength meter and of the sign-up password policy (000 §5). */
export const passwordRules = [
  { id: 'length', label: 'At least 12 characters', test: (p: string) => p.length >= PASSWORD_RULES.signUpMinLength },
  { id: 'upper', label: 'An uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'A lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: 'A number', test: (p: string) => /\d/.test(p) },
  // Any symbol counts (a hyphen, a space, '#'): a character that is neither a letter nor a digit.
  { id: 'special', label: 'A special character (such as - _ # @ ! or a space)', test: (p: string) => /[^\p{L}\p{N}]/u.test(p) },
] as const

export type PasswordStrength = { percent: number; label: 'Weak' | 'Medium' | 'Strong' }

export function measurePasswordStrength(password: string): PasswordStrength {
  const met = passwordRules.filter((rule) => rule.test(password)).length
  const percent = (met / passwordRules.length) * 100
  if (percent >= STRENGTH_THRESHOLDS.strong) return { percent, label: 'Strong' }
  if (percent >= STRENGTH_THRESHOLDS.medium) return { percent, label: 'Medium' }
  return { percent, label: 'Weak' }
}

export const signUpPasswordSchema = z
  .string()
  .refine((p) => passwordRules.every((rule) => rule.test(p)), PASSWORD_POLICY_TOOLTIP)

export const signUpSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required'),
  lastName: z.string().trim().min(1, 'Last name is required'),
  email: z.email('Enter a valid e-mail address'),
  password: signUpPasswordSchema,
})
export type SignUpInput = z.infer<typeof signUpSchema>

export const signInSchema = z.object({
  email: z.email('Enter a valid e-mail address'),
  password: z.string().min(PASSWORD_RULES.signInMinLength, 'Password must be at least 6 characters'),
})
export type SignInInput = z.infer<typeof signInSchema>

export const forgotPasswordSchema = z.object({
  email: z.email('Enter a valid e-mail address'),
})
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>

export const resetPasswordSchema = z
  .object({ password: signUpPasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: "Passwords don't match.", path: ['confirm'] })
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>

export const authModeSchema = z.enum(['signin', 'signup', 'forgotPassword'])
export type AuthMode = z.infer<typeof authModeSchema>

/** What the server tells the web app about itself before sign-in. */
export const publicConfigSchema = z.object({
  googleEnabled: z.boolean(),
  billingProvider: z.enum(['local', 'stripe']),
  maxUploadMb: z.number(),
})
export type PublicConfig = z.infer<typeof publicConfigSchema>
