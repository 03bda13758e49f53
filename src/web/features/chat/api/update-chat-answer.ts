import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ChatMessage } from '#common/schemas/chat'
import type { Plan } from '#common/schemas/plans'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { storeChatMessage } from '../lib/thread-cache'

export type UpdateChatAnswerInput = { messageId: string; plan: Plan }

/** An answer re-run with edited conditions: exact, no model call, no credits. */
export async function updateChatAnswer(uploadId: string, { messageId, plan }: UpdateChatAnswerInput): Promise<ChatMessage> {
  // The typed client cannot spell the recursive plan condition (it widens it to JSON): the contract type says it.
  return (await unwrap(await api.uploads[':id'].chat.messages[':messageId'].$patch({ param: pathParams({ id: uploadId, messageId }), json: { plan } }))) as ChatMessage
}

export function useUpdateChatAnswer(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateChatAnswerInput) => updateChatAnswer(uploadId, input),
    onSuccess: (message) => storeChatMessage(queryClient, uploadId, message),
  })
}
