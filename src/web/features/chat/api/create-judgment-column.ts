import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ChatMessage } from '#common/schemas/chat'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { billingKeys } from '#web/lib/billing-query-keys'
import { uploadKeys } from '#web/lib/upload-query-keys'
import { storeChatMessage } from '../lib/thread-cache'

/** Creates and starts the AI column an answer proposed; the answer then names it (`judgment.fieldId`). */
export async function createJudgmentColumn(uploadId: string, messageId: string): Promise<ChatMessage> {
  // The typed client cannot spell the recursive plan condition (it widens it to JSON): the contract type says it.
  return (await unwrap(await api.uploads[':id'].chat.messages[':messageId'].judgment.$post({ param: pathParams({ id: uploadId, messageId }) }))) as ChatMessage
}

/** A new column joins the upload and its run spends credits: both are read again. */
export function useCreateJudgmentColumn(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (messageId: string) => createJudgmentColumn(uploadId, messageId),
    onSuccess: (message) => {
      void storeChatMessage(queryClient, uploadId, message)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId) }),
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
      ])
    },
  })
}
