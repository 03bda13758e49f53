import { toast } from 'sonner'
import { CHAT_MESSAGES } from '#common/messages'
import type { AskChatResponse } from '#common/schemas/chat'
import { chatErrorToast } from './chat-errors'

/** 'AI Analysis Complete' with what was found (001 §8). */
export function announceAnswer({ answer }: AskChatResponse) {
  const result = answer.result
  const description = !result
    ? answer.content
    : result.result_type === 'judgment_proposal'
      ? CHAT_MESSAGES.judgmentTitle
      : CHAT_MESSAGES.analysisComplete(result.data.count)
  toast.success(CHAT_MESSAGES.analysisCompleteTitle, { description })
}

export function announceChatError(error: unknown) {
  const { title, description } = chatErrorToast(error)
  toast.error(title, { description })
}
