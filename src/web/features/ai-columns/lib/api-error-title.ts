import { AI_FIELD_MESSAGES, COLUMN_MESSAGES, CREDIT_MESSAGES } from '#common/messages'
import { ApiError } from '#web/lib/api-client'

/**
 * The toast title for a refused AI call: the server's `details.title` when it names one ('AI Field
 * Limit Reached', 'Test Failed'), else the spec's title for the status.
 */
export function apiErrorTitle(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback
  const title = (error.details as { title?: unknown } | undefined)?.title
  if (typeof title === 'string' && title) return title
  if (error.status === 402) return CREDIT_MESSAGES.insufficientTitle
  if (error.status === 409 && error.code === 'CONFLICT' && /already (an AI field|a column)/.test(error.message)) return COLUMN_MESSAGES.nameConflictTitle
  if (error.status === 503) return AI_FIELD_MESSAGES.testFailedTitle
  return fallback
}
