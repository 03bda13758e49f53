import { queryOptions, useQuery } from '@tanstack/react-query'
import { AI } from '#common/constants'
import type { TemplateList } from '#common/schemas/templates'
import { api, unwrap } from '#web/lib/api-client'
import { templatesKeys } from '#web/lib/templates-query-keys'

/** 'Load template' in the AI column dialog: the 10 latest templates (001 §9). */
export async function getDialogTemplates(): Promise<TemplateList> {
  return unwrap(await api.templates.$get({ query: { limit: String(AI.dialogTemplates) } }))
}

export const getDialogTemplatesQueryOptions = () =>
  queryOptions({ queryKey: templatesKeys.list(AI.dialogTemplates), queryFn: getDialogTemplates })

export function useDialogTemplates({ enabled = true } = {}) {
  return useQuery({ ...getDialogTemplatesQueryOptions(), enabled })
}
