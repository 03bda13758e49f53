import type { QueryClient } from '@tanstack/react-query'
import type { ChatMessage, ChatThread } from '#common/schemas/chat'
import { chatKeys } from '../api/chat-query-keys'

/** The conversation with `message` in the place of its older copy, or added at the end when it is new. */
export function withMessage(thread: ChatThread, message: ChatMessage): ChatThread {
  const isKnown = thread.messages.some((m) => m.id === message.id)
  return { messages: isKnown ? thread.messages.map((m) => (m.id === message.id ? message : m)) : [...thread.messages, message] }
}

/** Puts a message the server answered with into the cached conversation, and reads it again behind it. */
export function storeChatMessage(queryClient: QueryClient, uploadId: string, message: ChatMessage) {
  queryClient.setQueryData<ChatThread>(chatKeys.thread(uploadId), (old) => (old ? withMessage(old, message) : old))
  return queryClient.invalidateQueries({ queryKey: chatKeys.thread(uploadId) })
}
