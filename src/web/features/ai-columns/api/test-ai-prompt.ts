import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TestAiPromptInput, TestAiPromptResult } from '#common/schemas/enrichment'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { billingKeys } from '#web/lib/billing-query-keys'

export async function testAiPrompt(uploadId: string, input: TestAiPromptInput): Promise<TestAiPromptResult> {
  return unwrap(await api.uploads[':id']['ai-fields'].test.$post({ param: pathParams({ id: uploadId }), json: input }))
}

/** A test costs credits (refunded when it fails): the balance is read again either way. */
export function useTestAiPrompt(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: TestAiPromptInput) => testAiPrompt(uploadId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  })
}
