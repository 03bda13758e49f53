import { compile, search, type JSONValue } from '@jmespath-community/jmespath'
import { HTTP_SOURCE } from '#common/constants'
import { SOURCE_MESSAGES } from '#common/messages'
import type { AiCellValue } from '#common/schemas/enrichment'
import { AppError } from '#server/platform/app-error'

/**
 * Paths into a JSON answer, in JMESPath (`data.email`, `results[0].domain`, `@` for the whole
 * answer) through @jmespath-community/jmespath: an expression language with no way to run code,
 * evaluated over data only (STACK-NOTES, docs/api/http-columns.md).
 */

/** Refuses a path that is not JMESPath, with the parser's reason. */
export function assertValidPathOrThrow(path: string) {
  try {
    compile(path)
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', SOURCE_MESSAGES.pathInvalid(path, (error as Error).message.slice(0, 200)))
  }
}

/**
 * What a path picks: a text, number or boolean as itself, an object or a list as JSON text; null
 * when it finds nothing (no such key, null, an empty list or text).
 */
export function pickPath(answer: unknown, path: string): AiCellValue {
  let found: JSONValue
  try {
    found = search(answer as JSONValue, path)
  } catch {
    // A function given the wrong kind of value (e.g. length() of a number): nothing found.
    return null
  }
  if (found === null || found === undefined) return null
  if (typeof found === 'string') return found === '' ? null : found.slice(0, HTTP_SOURCE.maxValueChars)
  if (typeof found === 'number' || typeof found === 'boolean') return found
  if (Array.isArray(found) && found.length === 0) return null
  return JSON.stringify(found).slice(0, HTTP_SOURCE.maxValueChars)
}
