import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AiFieldTemplate, TemplateInput } from '#common/schemas/templates'
import { api, unwrap } from '#web/lib/api-client'
import { templatesKeys } from '#web/lib/templates-query-keys'

export async function updateTemplate({ id, ...input }: TemplateInput & { id: string }): Promise<AiFieldTemplate> {
  return unwrap(await api.templates[':id'].$put({ param: { id }, json: input }))
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.all }),
  })
}
