import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import { z, type ZodType } from 'zod'
import { AppError } from './app-error.ts'
import { strictInput } from './strict-input.ts'

/** The 422 of our error contract for input that fails its schema, the zod issues in its details. */
function validationFailed(issues: z.core.$ZodIssue[]) {
  const first = issues[0]
  const where = first?.path.length ? `${first.path.join('.')}: ` : ''
  return new AppError('VALIDATION_FAILED', `${where}${first?.message ?? 'Invalid request'}`, issues)
}

/** What a validator middleware checks: the OpenAPI document is generated from these (`platform/openapi.ts`). */
export type ValidatedInput = { target: keyof ValidationTargets; schema: ZodType }
const validatedInputs = new WeakMap<object, ValidatedInput>()

/** The target and zod schema a route's middleware validates, if it is one of ours. */
export const validatedInputOf = (handler: unknown): ValidatedInput | undefined =>
  typeof handler === 'function' ? validatedInputs.get(handler) : undefined

function recorded<Handler extends object>(handler: Handler, input: ValidatedInput): Handler {
  validatedInputs.set(handler, input)
  return handler
}

/**
 * `zValidator` with our error contract: a 422 whose details are the zod issues. A JSON body is
 * checked strictly (`strictInput`): a field the route does not know is a 422, never dropped.
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) => {
  const checked = target === 'json' ? strictInput(schema) : schema
  return recorded(
    zValidator(target, checked, (result) => {
      if (!result.success) throw validationFailed(result.error.issues)
    }),
    { target, schema: checked },
  )
}

type IdShape<Id extends string, Params extends z.ZodRawShape> = Omit<{ [K in Id]: z.ZodUUID }, keyof Params> & Params

/**
 * The path params of a route. `notFound` names the params that name a thing (`:id`, `:fieldId`,
 * a column's `:key`) with the message of that thing's 404: a malformed one names nothing, so it
 * gets the same 404 as one of someone else's, and services can rely on a well-formed value. They
 * are UUIDs unless `params` gives their schema. `params` also checks the other path params
 * (`:rowIndex`, `:action`), which are input like any other: a 422.
 *
 * A malformed name wins over a malformed other param, and the first in `notFound` over the later
 * ones, as the route would answer an unknown upload before an unknown field of it.
 */
export function validateIds<Id extends string, Params extends z.ZodRawShape = Record<never, never>>(
  notFound: Record<Id, string>,
  params?: Params,
) {
  const names = Object.keys(notFound) as Id[]
  const shape = { ...Object.fromEntries(names.map((name) => [name, z.uuid()])), ...params } as IdShape<Id, Params>
  const schema = z.object(shape)
  return recorded(
    zValidator('param', schema, (result) => {
      if (result.success) return
      const malformed = names.find((name) => result.error.issues.some((issue) => issue.path[0] === name))
      if (malformed) throw new AppError('NOT_FOUND', notFound[malformed])
      throw validationFailed(result.error.issues)
    }),
    { target: 'param', schema },
  )
}
