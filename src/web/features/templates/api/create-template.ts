import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AiFieldTemplate, TemplateInput } from '#common/schemas/templates'
import { api, unwrap } from '#web/lib/api-client'
import { templatesKeys } from '#web/lib/templates-query-keys'

export async function createTemplate(input: TemplateInput): Promise<AiFieldTemplate> {
  return unwrap(await api.templates.$post({ json: input }))
}

export function useCreateTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.all }),
  })
}
