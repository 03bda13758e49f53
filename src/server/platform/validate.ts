import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import { z, type ZodType } from 'zod'
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

/**
 * Path ids (`:id`, `:fieldId`), which must be UUIDs. A malformed one names nothing, so it gets
 * the same 404 as an id of someone else's; services can rely on a well-formed id.
 */
export function validateIds<Key extends string>(notFoundMessage: string, ...keys: Key[]) {
  const shape = Object.fromEntries(keys.map((key) => [key, z.uuid()])) as { [K in Key]: z.ZodUUID }
  return zValidator('param', z.object(shape), (result) => {
    if (!result.success) throw new AppError('NOT_FOUND', notFoundMessage)
  })
}
