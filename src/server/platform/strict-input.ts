import { z, type ZodType } from 'zod'
import { VALIDATION_MESSAGES } from '#common/messages'

type AnySchema = z.core.$ZodType
type Def = z.core.$ZodTypeDef & Record<string, unknown>

/** Wrappers whose one inner schema is what the client sends. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch'])

const strictCopies = new WeakMap<AnySchema, AnySchema>()

const unknownKeysError: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'unrecognized_keys' ? VALIDATION_MESSAGES.unknownFields(issue.keys) : undefined

const isNever = (schema: AnySchema) => schema._zod.def.type === 'never'

function copyWith(schema: AnySchema, changes: Record<string, unknown>): AnySchema {
  const copy = z.core.util.clone(schema, z.core.util.mergeDefs(schema._zod.def, changes) as z.core.$ZodTypeDef)
  const meta = z.globalRegistry.get(schema as ZodType)
  if (meta) z.globalRegistry.add(copy as ZodType, meta)
  return copy
}

/**
 * The same schema with every object in it refusing keys it does not know (an `unrecognized_keys`
 * issue, so a 422) instead of dropping them: a request body's unknown field is a mistake the
 * client should hear about (`{"scopes": [...]}` for `scope` once made a full token). Objects that
 * say what to do with other keys (`.catchall`, `.loose()`, records) keep it; the output side of a
 * pipe and both sides of an intersection are left as they are. Recursive schemas (`z.lazy`)
 * stay recursive: a copy is made once per schema.
 */
export function strictInput<Schema extends ZodType>(schema: Schema): Schema {
  return strictCopyOf(schema) as Schema
}

function strictCopyOf(schema: AnySchema): AnySchema {
  const known = strictCopies.get(schema)
  if (known) return known
  const def = schema._zod.def as Def
  let copy: AnySchema = schema
  if (def.type === 'object') {
    const shape = def.shape as Record<string, AnySchema>
    let strictShape: Record<string, AnySchema> | undefined
    copy = copyWith(schema, {
      // Lazily, like zod's own shapes: a recursive shape may name this very schema.
      get shape() {
        strictShape ??= Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, strictCopyOf(value)]))
        return strictShape
      },
      ...(def.catchall === undefined ? { catchall: z.never() } : {}),
      ...(def.catchall === undefined || isNever(def.catchall as AnySchema) ? { error: def.error ?? unknownKeysError } : {}),
    })
  } else if (def.type === 'lazy') {
    copy = z.lazy(() => strictCopyOf((schema as z.ZodLazy)._zod.innerType) as ZodType)
  } else if (def.type === 'array') {
    copy = copyWith(schema, { element: strictCopyOf(def.element as AnySchema) })
  } else if (def.type === 'union') {
    copy = copyWith(schema, { options: (def.options as AnySchema[]).map(strictCopyOf) })
  } else if (def.type === 'tuple') {
    copy = copyWith(schema, {
      items: (def.items as AnySchema[]).map(strictCopyOf),
      rest: def.rest ? strictCopyOf(def.rest as AnySchema) : def.rest,
    })
  } else if (def.type === 'record') {
    copy = copyWith(schema, { valueType: strictCopyOf(def.valueType as AnySchema) })
  } else if (def.type === 'pipe') {
    copy = copyWith(schema, { in: strictCopyOf(def.in as AnySchema) })
  } else if (WRAPPERS.has(def.type)) {
    copy = copyWith(schema, { innerType: strictCopyOf(def.innerType as AnySchema) })
  }
  strictCopies.set(schema, copy)
  return copy
}
