import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AiProviderStatus } from '#common/schemas/enrichment'
import { api, unwrap } from '#web/lib/api-client'
import { aiKeys } from './ai-columns-query-keys'

export async function getAiProvider(): Promise<AiProviderStatus> {
  return unwrap(await api.ai.provider.$get())
}

export const getAiProviderQueryOptions = () => queryOptions({ queryKey: aiKeys.provider(), queryFn: getAiProvider })

export function useAiProvider({ enabled = true } = {}) {
  return useQuery({ ...getAiProviderQueryOptions(), enabled })
}
