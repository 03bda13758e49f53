import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AiFieldTemplate, TemplateInput } from '#common/schemas/templates'
import { api, unwrap } from '#web/lib/api-client'
import { templatesKeys } from '#web/lib/templates-query-keys'

/** 'Save to library' in the AI column dialog. */
export async function saveTemplate(input: TemplateInput): Promise<AiFieldTemplate> {
  return unwrap(await api.templates.$post({ json: input }))
}

export function useSaveTemplate() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: saveTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.all }) })
}
