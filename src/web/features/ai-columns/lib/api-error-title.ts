import { AI_FIELD_MESSAGES, CREDIT_MESSAGES } from '#common/messages'
import { ApiError } from '#web/lib/api-client'

/**
 * The toast title for a refused AI call: the server's `details.title` when it names one ('Name
 * conflict', 'AI Field Limit Reached', 'Test Failed'), else the spec's title for the status: a
 * credit shortage, or the payment gate ('Authentication Required').
 */
export function apiErrorTitle(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback
  const title = (error.details as { title?: unknown } | undefined)?.title
  if (typeof title === 'string' && title) return title
  if (error.status === 402) return /credit/i.test(error.message) ? CREDIT_MESSAGES.insufficientTitle : AI_FIELD_MESSAGES.authRequiredTitle
  if (error.status === 503) return AI_FIELD_MESSAGES.testFailedTitle
  return fallback
}
