import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TemplateList } from '#common/schemas/templates'
import { api, unwrap } from '#web/lib/api-client'
import { templatesKeys } from '#web/lib/templates-query-keys'

/** The user's templates, newest-updated first; `limit` for a short list. */
export async function getTemplates(limit?: number): Promise<TemplateList> {
  return unwrap(await api.templates.$get({ query: limit ? { limit: String(limit) } : {} }))
}

export const getTemplatesQueryOptions = (limit?: number) =>
  queryOptions({ queryKey: templatesKeys.list(limit), queryFn: () => getTemplates(limit) })

export function useTemplates(limit?: number) {
  return useQuery(getTemplatesQueryOptions(limit))
}
