import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '#web/lib/api-client'
import { templatesKeys } from '#web/lib/templates-query-keys'

export async function deleteTemplate(id: string): Promise<{ id: string }> {
  return unwrap(await api.templates[':id'].$delete({ param: { id } }))
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.all }),
  })
}
