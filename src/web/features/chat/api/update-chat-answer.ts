import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AskChatResponse, ChatThread } from '#common/schemas/chat'
import type { Plan } from '#common/schemas/plans'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { withMessage } from '../lib/thread-cache'
import { chatKeys } from './chat-query-keys'

export type UpdateChatAnswerInput = { messageId: string; plan: Plan }

/**
 * An answer re-run with edited conditions: exact, no model call, no credits. The edit and its
 * answer join the conversation; the earlier answer stays (issue 30 §3).
 */
export async function updateChatAnswer(uploadId: string, { messageId, plan }: UpdateChatAnswerInput): Promise<AskChatResponse> {
  // The typed client cannot spell the recursive plan condition (it widens it to JSON): the contract type says it.
  return (await unwrap(await api.uploads[':id'].chat.messages[':messageId'].$patch({ param: pathParams({ id: uploadId, messageId }), json: { plan } }))) as AskChatResponse
}

export function useUpdateChatAnswer(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateChatAnswerInput) => updateChatAnswer(uploadId, input),
    onSuccess: (response) => {
      queryClient.setQueryData<ChatThread>(chatKeys.thread(uploadId), (old) => (old ? withMessage(withMessage(old, response.question), response.answer) : old))
      return queryClient.invalidateQueries({ queryKey: chatKeys.thread(uploadId) })
    },
  })
}
