import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ChatThread } from '#common/schemas/chat'
import { api, assertOk, pathParams } from '#web/lib/api-client'
import { chatKeys } from './chat-query-keys'

/** 'Clear conversation': every message of this upload's chat is deleted. */
export async function clearChat(uploadId: string): Promise<void> {
  await assertOk(await api.uploads[':id'].chat.$delete({ param: pathParams({ id: uploadId }) }))
}

export function useClearChat(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => clearChat(uploadId),
    onSuccess: () => {
      queryClient.setQueryData<ChatThread>(chatKeys.thread(uploadId), { messages: [] })
      return queryClient.invalidateQueries({ queryKey: chatKeys.thread(uploadId) })
    },
  })
}
