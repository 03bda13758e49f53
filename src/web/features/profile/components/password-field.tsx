import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'

type PasswordFieldProps = { id: string; label: string; value: string; onChange: (value: string) => void; autoComplete: string }

export function PasswordField({ id, label, value, onChange, autoComplete }: PasswordFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="password" value={value} autoComplete={autoComplete} maxLength={128} onChange={(event) => onChange(event.target.value)} />
    </div>
  )
}
