import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ChatThread } from '#common/schemas/chat'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { chatKeys } from './chat-query-keys'

/** The upload's conversation, oldest first: kept on the server, so it survives a reload. */
export async function getChatThread(uploadId: string, signal?: AbortSignal): Promise<ChatThread> {
  // The typed client cannot spell the recursive plan condition (it widens it to JSON): the contract type says it.
  return (await unwrap(await api.uploads[':id'].chat.$get({ param: pathParams({ id: uploadId }) }, { init: { signal } }))) as ChatThread
}

export const getChatThreadQueryOptions = (uploadId: string) =>
  queryOptions({ queryKey: chatKeys.thread(uploadId), queryFn: ({ signal }) => getChatThread(uploadId, signal) })

export function useChatThread(uploadId: string) {
  return useQuery(getChatThreadQueryOptions(uploadId))
}
