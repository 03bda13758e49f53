import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ChatMessage } from '#common/schemas/chat'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { storeChatMessage } from '../lib/thread-cache'

/** Once the proposed column has run on every row: the question answered from that column. */
export async function answerFromJudgment(uploadId: string, messageId: string): Promise<ChatMessage> {
  // The typed client cannot spell the recursive plan condition (it widens it to JSON): the contract type says it.
  return (await unwrap(
    await api.uploads[':id'].chat.messages[':messageId'].judgment.answer.$post({ param: pathParams({ id: uploadId, messageId }) }),
  )) as ChatMessage
}

export function useAnswerFromJudgment(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (messageId: string) => answerFromJudgment(uploadId, messageId),
    onSuccess: (message) => storeChatMessage(queryClient, uploadId, message),
  })
}
