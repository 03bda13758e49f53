import { REQUEST_MESSAGES } from './messages.ts'

/** Characters a PostgreSQL text or jsonb value cannot hold: NUL, and halves of a surrogate pair. */
const MAYBE_UNSTORABLE = /[\0\ud800-\udfff]/
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** True when PostgreSQL would refuse the text: a NUL, or a surrogate without its other half. */
export function isUnstorable(value: string): boolean {
  return MAYBE_UNSTORABLE.test(value) && UNSTORABLE.test(value)
}

/**
 * The text as PostgreSQL can store it, for values that are data (a cell of an imported file, a
 * model's answer): NUL becomes nothing and a lone surrogate U+FFFD, so one damaged cell never
 * fails a whole import or run. Input a user typed is refused instead (`server/platform/validate.ts`).
 */
export function storableText(value: string): string {
  if (!MAYBE_UNSTORABLE.test(value)) return value
  return value.replaceAll('\0', '').replace(LONE_SURROGATE, '\ufffd')
}

/** A value of our own making (an import's sniffed header and sample rows) with every string storable. */
export function storableJson<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T
  if (Array.isArray(value)) return value.map(storableJson) as T
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [storableText(key), storableJson(child)])) as T
}

export type InputProblem = { path: Array<string | number>; problem: 'unstorable' | 'too_deep' }

type Frame = { value: unknown; depth: number; parent: Frame | null; key: string | number | null }

function pathOf(frame: Frame): Array<string | number> {
  const path: Array<string | number> = []
  for (let at: Frame | null = frame; at?.key != null; at = at.parent) path.unshift(at.key)
  return path
}

/**
 * The first thing in an input that no schema should be left to meet: text PostgreSQL cannot store
 * (in a value or a key), or nesting past `maxDepth`. Walks with a stack of its own, so a value
 * nested 300,000 deep is answered, not a stack overflow; paths are built only for the problem.
 */
export function findInputProblem(value: unknown, maxDepth: number): InputProblem | null {
  const stack: Frame[] = [{ value, depth: 0, parent: null, key: null }]
  while (stack.length > 0) {
    const frame = stack.pop()!
    const current = frame.value
    if (typeof current === 'string') {
      if (isUnstorable(current)) return { path: pathOf(frame), problem: 'unstorable' }
      continue
    }
    if (typeof current !== 'object' || current === null) continue
    if (frame.depth >= maxDepth) return { path: pathOf(frame), problem: 'too_deep' }
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], depth: frame.depth + 1, parent: frame, key: i })
      continue
    }
    const entries = Object.entries(current)
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i]!
      const childFrame = { value: child, depth: frame.depth + 1, parent: frame, key }
      if (isUnstorable(key)) return { path: pathOf(childFrame), problem: 'unstorable' }
      stack.push(childFrame)
    }
  }
  return null
}

/** The 422 message of a problem: the field's path, then what is wrong with it. */
export function inputProblemMessage(problem: InputProblem, maxDepth: number): string {
  // A path 32 levels deep says no more than its first few.
  const shown = problem.path.slice(0, 6).map(String).join('.')
  const field = problem.path.length === 0 ? 'The request' : problem.path.length > 6 ? `${shown}…` : shown
  const what = problem.problem === 'unstorable' ? REQUEST_MESSAGES.unstorableCharacter : REQUEST_MESSAGES.tooDeep(maxDepth)
  return `${field} ${what}`
}
