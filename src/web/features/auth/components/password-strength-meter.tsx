import { CheckIcon, XIcon } from 'lucide-react'
import { measurePasswordStrength, passwordRules, type PasswordStrength } from '#common/schemas/auth'
import { cn } from '#web/lib/cn'

const barColour: Record<PasswordStrength['label'], string> = {
  Weak: 'bg-red-500',
  Medium: 'bg-yellow-500',
  Strong: 'bg-green-500',
}

const textColour: Record<PasswordStrength['label'], string> = {
  Weak: 'text-red-600',
  Medium: 'text-yellow-700',
  Strong: 'text-green-700',
}

/** Five segments, one per rule met; the label follows the percentage thresholds. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { label } = measurePasswordStrength(password)
  const results = passwordRules.map((rule) => ({ ...rule, isMet: rule.test(password) }))
  const metCount = results.filter((rule) => rule.isMet).length

  return (
    <div className="grid gap-2" data-testid="password-strength">
      <div className="flex items-center gap-3">
        <div className="flex flex-1 gap-1" aria-hidden="true">
          {results.map((rule, index) => (
            <span
              key={rule.id}
              className={cn(
                'h-1.5 flex-1 rounded-full transition-colors',
                index < metCount ? barColour[label] : 'bg-muted',
              )}
            />
          ))}
        </div>
        <span className={cn('text-xs font-medium', textColour[label])} aria-live="polite">
          {label}
        </span>
      </div>
      <ul className="grid gap-1 text-xs sm:grid-cols-2">
        {results.map((rule) => (
          <li
            key={rule.id}
            className={cn(
              'flex items-center gap-1.5',
              rule.isMet ? 'text-green-700' : 'text-muted-foreground',
            )}
          >
            {rule.isMet ? (
              <CheckIcon className="size-3.5" aria-hidden="true" />
            ) : (
              <XIcon className="size-3.5" aria-hidden="true" />
            )}
            <span>
              {rule.label}
              <span className="sr-only">{rule.isMet ? ' (met)' : ' (not met)'}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
