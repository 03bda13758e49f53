import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { ZodType } from 'zod'
import { AppError } from './app-error.ts'

/** `zValidator` with our error contract: a 422 whose details are the zod issues. */
export const validate = <Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const first = result.error.issues[0]
      const where = first?.path.length ? `${first.path.join('.')}: ` : ''
      throw new AppError('VALIDATION_FAILED', `${where}${first?.message ?? 'Invalid request'}`, result.error.issues)
    }
  })
