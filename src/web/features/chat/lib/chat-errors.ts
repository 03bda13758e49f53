import { CHAT_MESSAGES, CREDIT_MESSAGES } from '#common/messages'
import { ApiError } from '#web/lib/api-client'

export type ChatErrorToast = { title: string; description: string }

/**
 * The toast for a refused or failed question (001 §5, §8): 'Insufficient Credits' with the
 * server's 'AI Chat requires 8 credits. You have N remaining.'; the payment gate's 'Authentication
 * Required' / 'Please sign in to use AI chat.'; 'Feature Restricted' with the server's reason; any
 * other failure 'AI Chat Error' with its message.
 */
export function chatErrorToast(error: unknown): ChatErrorToast {
  const message = error instanceof ApiError ? error.message : error instanceof Error && error.message ? error.message : CHAT_MESSAGES.errorTitle
  if (error instanceof ApiError && error.status === 402) {
    return /credit/i.test(error.message)
      ? { title: CREDIT_MESSAGES.insufficientTitle, description: error.message }
      : { title: CHAT_MESSAGES.authRequiredTitle, description: CHAT_MESSAGES.authRequired }
  }
  if (error instanceof ApiError && error.status === 403) return { title: CREDIT_MESSAGES.featureRestrictedTitle, description: error.message }
  return { title: CHAT_MESSAGES.errorTitle, description: message }
}
