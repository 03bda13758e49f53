import { useMutation } from '@tanstack/react-query'
import type { TestAiPromptInput, TestAiPromptResult } from '#common/schemas/enrichment'
import { api, pathParams, unwrap } from '#web/lib/api-client'

export async function testAiPrompt(uploadId: string, input: TestAiPromptInput): Promise<TestAiPromptResult> {
  return unwrap(await api.uploads[':id']['ai-fields'].test.$post({ param: pathParams({ id: uploadId }), json: input }))
}

export function useTestAiPrompt(uploadId: string) {
  return useMutation({ mutationFn: (input: TestAiPromptInput) => testAiPrompt(uploadId, input) })
}
