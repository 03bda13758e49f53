import type { Control, FieldValues, Path } from 'react-hook-form'
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '#web/components/ui/form'
import { Input } from '#web/components/ui/input'

/** The e-mail field every auth form shares. */
export function EmailField<Values extends FieldValues & { email: string }>({ control }: { control: Control<Values> }) {
  return (
    <FormField
      control={control}
      name={'email' as Path<Values>}
      render={({ field }) => (
        <FormItem>
          <FormLabel>Email</FormLabel>
          <FormControl>
            <Input type="email" autoComplete="email" placeholder="you@company.com" {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
