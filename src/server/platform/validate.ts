import { zValidator } from '@hono/zod-validator'
import type { Context, ValidationTargets } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z, type ZodType } from 'zod'
import { INPUT_LIMITS } from '#common/constants'
import { findInputProblem, inputProblemMessage } from '#common/input-bounds'
import { REQUEST_MESSAGES } from '#common/messages'
import { AppError } from './app-error.ts'
import { strictInput } from './strict-input.ts'

type Issue = { code: string; path: PropertyKey[]; message: string; errors?: Issue[][]; input?: unknown; values?: unknown[]; expected?: string }
/** An issue as listed: its own fields (`keys` of unknown ones, `expected`...), not the branches' issues or the input. */
type ListedIssue = Omit<Issue, 'errors' | 'input'>

/**
 * A union's issue carries every branch's issues ("not an `all` group, nor an `any` group, nor a
 * value condition..."), nested as deep as the input. What helps is the branch the input meant:
 * the one whose problems lie deepest in it (a group with a bad condition inside, rather than a
 * group of the wrong kind), then the one with fewest. Its issues replace the union's.
 */
function flattenIssues(issues: readonly Issue[], prefix: readonly PropertyKey[] = []): ListedIssue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path]
    const { errors, input: _input, ...listed } = issue
    if (issue.code !== 'invalid_union' || !errors?.length) return [{ ...listed, path }]
    const branches = errors.map((branch) => flattenIssues(branch, path))
    const shallow = (branch: ListedIssue[]) => branch.filter((b) => b.path.length <= path.length + 1).length
    const best = branches.reduce((a, b) => (shallow(b) < shallow(a) || (shallow(b) === shallow(a) && b.length < a.length) ? b : a))
    if (!best.length) return [{ ...listed, path }]
    return best.length === 1 ? [everyBranchOption(best[0]!, branches)] : best
  })
}

/**
 * A field every branch refuses for its value (an aggregate's `op` of "median" before it existed,
 * an object where a value is text, a number or yes/no): one branch's expectation ("expected
 * count_by", "expected string") is not what the field takes, so the issue lists what every branch
 * would take there.
 */
function everyBranchOption(issue: ListedIssue, branches: readonly ListedIssue[][]): ListedIssue {
  if (issue.code !== 'invalid_value' && issue.code !== 'invalid_type') return issue
  const samePath = (other: ListedIssue) => other.code === issue.code && other.path.length === issue.path.length && other.path.every((key, i) => key === issue.path[i])
  const alike = branches.flatMap((branch) => branch.filter(samePath))
  if (issue.code === 'invalid_type') {
    const types = [...new Set(alike.map((other) => other.expected).filter((type): type is string => typeof type === 'string'))]
    if (types.length <= 1) return issue
    return { ...issue, message: `Invalid input: expected ${types.slice(0, -1).join(', ')} or ${types.at(-1)}` }
  }
  const options = [...new Set(alike.flatMap((other) => other.values ?? []))]
  if (options.length <= (issue.values?.length ?? 0)) return issue
  return { ...issue, values: options, message: `Invalid option: expected one of ${options.map((option) => JSON.stringify(option)).join('|')}` }
}

const whereOf = (path: readonly PropertyKey[]) => (path.length ? `${path.map(String).join('.')}: ` : '')

/**
 * The 422 of our error contract for input that fails its schema. Its details are the first
 * INPUT_LIMITS.maxIssues issues, each without the branches' issues a union's issue carries (copied
 * whole, they made a 5 KB plan a 1.2 MB answer); the message says how many more there are.
 */
function validationFailed(zodIssues: readonly Issue[]) {
  const issues = flattenIssues(zodIssues)
  const first = issues[0]
  const omitted = Math.max(0, issues.length - INPUT_LIMITS.maxIssues)
  const listed = issues.slice(0, INPUT_LIMITS.maxIssues)
  const more = omitted > 0 ? REQUEST_MESSAGES.moreIssues(omitted) : ''
  return new AppError('VALIDATION_FAILED', `${whereOf(first?.path ?? [])}${first?.message ?? 'Invalid request'}${more}`, listed)
}

/** The message of that 422 (the first problem, and how many more), for a door that answers in words only (an MCP tool). */
export const validationMessage = (zodIssues: readonly Issue[]) => validationFailed(zodIssues).message

/**
 * The one rule at the edge for every input a schema reads (body, query, path): text PostgreSQL
 * cannot store is refused with a 422 that names the field, and nesting past
 * INPUT_LIMITS.maxJsonDepth is refused before any recursive schema runs.
 */
function refuseInputProblem(value: unknown) {
  const problem = findInputProblem(value, INPUT_LIMITS.maxJsonDepth)
  if (!problem) return
  const message = inputProblemMessage(problem, INPUT_LIMITS.maxJsonDepth)
  throw new AppError('VALIDATION_FAILED', message, [{ code: 'custom', path: problem.path, message }])
}

/**
 * The same rule for routes that read their JSON body with no schema of ours (Better Auth's): a
 * copy of the body is checked first, and the route reads the original.
 */
export const boundedJsonBody = createMiddleware(async (c, next) => {
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) return next()
  let value: unknown
  try {
    value = await c.req.raw.clone().json()
  } catch {
    return next() // not JSON after all: the route answers it as it would
  }
  refuseInputProblem(value)
  return next()
})

async function boundedParse<Schema extends ZodType>(schema: Schema, value: unknown): Promise<z.ZodSafeParseResult<z.output<Schema>>> {
  refuseInputProblem(value)
  return schema.safeParseAsync(value)
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
 * `zValidator` with our error contract: a 422 whose details are the zod issues. Every input is
 * first held to the edge rule (`boundedParse`), and a JSON body is checked strictly
 * (`strictInput`): a field the route does not know is a 422, never dropped.
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) => {
  const checked = target === 'json' ? strictInput(schema) : schema
  return recorded(
    zValidator(
      target,
      checked,
      (result) => {
        if (!result.success) throw validationFailed(result.error.issues)
      },
      // zValidator types the option by a conditional on the schema, unresolved for a generic one.
      { validationFunction: boundedParse as (schema: Schema, value: unknown) => never },
    ),
    { target, schema: checked },
  )
}

/**
 * `validate`, skipped for the requests `skip` picks: a body another reader takes (a CSV body the
 * importer reads as bytes). The OpenAPI document still shows the schema it checks.
 */
export const validateUnless = <Target extends keyof ValidationTargets, Schema extends ZodType>(skip: (c: Context) => boolean, target: Target, schema: Schema) => {
  const inner = validate(target, schema)
  const outer = createMiddleware(async (c, next) => (skip(c) ? next() : inner(c, next)))
  return recorded(outer as unknown as typeof inner, validatedInputOf(inner)!)
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
    zValidator(
      'param',
      schema,
      (result) => {
        if (result.success) return
        const malformed = names.find((name) => result.error.issues.some((issue) => issue.path[0] === name))
        if (malformed) throw new AppError('NOT_FOUND', notFound[malformed])
        throw validationFailed(result.error.issues)
      },
      { validationFunction: boundedParse as (schema: ZodType, value: unknown) => never },
    ),
    { target: 'param', schema },
  )
}
