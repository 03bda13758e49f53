import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AskChatInput, AskChatResponse, ChatThread } from '#common/schemas/chat'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { billingKeys } from '#web/lib/billing-query-keys'
import { withMessage } from '../lib/thread-cache'
import { chatKeys } from './chat-query-keys'

/** A question to Magic Chat or the AI search panel (`source: 'search'`): 8 credits (001 §9). */
export async function askChat(uploadId: string, input: AskChatInput): Promise<AskChatResponse> {
  // The typed client cannot spell the recursive plan condition (it widens it to JSON): the contract type says it.
  return (await unwrap(await api.uploads[':id'].chat.$post({ param: pathParams({ id: uploadId }), json: input }))) as AskChatResponse
}

/**
 * The two new messages join the conversation at once; a refusal or a failure is read again from
 * the server, which keeps the AI's 'Sorry, I encountered an error: ...' message. Credits change
 * either way (a charge, or a charge and its refund).
 */
export function useAskChat(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AskChatInput) => askChat(uploadId, input),
    onSuccess: (response) => {
      queryClient.setQueryData<ChatThread>(chatKeys.thread(uploadId), (old) => (old ? withMessage(withMessage(old, response.question), response.answer) : old))
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: chatKeys.thread(uploadId) }),
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
      ]),
  })
}
