import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { FormulaSuggestion, SuggestFormulaInput } from '#common/schemas/rows'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { billingKeys } from '#web/lib/billing-query-keys'
import { formulaPreviewKey } from './preview-formula'

export async function suggestFormula(uploadId: string, input: SuggestFormulaInput): Promise<FormulaSuggestion> {
  return unwrap(await api.uploads[':id'].columns['formula-suggest'].$post({ param: pathParams({ id: uploadId }), json: input }))
}

/**
 * 'Describe it instead': costs a credit (refunded when it fails), so the balance is read again
 * either way; the proposal's preview is the editor's, without asking the server twice.
 */
export function useSuggestFormula(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SuggestFormulaInput) => suggestFormula(uploadId, input),
    onSuccess: (suggestion) => queryClient.setQueryData(formulaPreviewKey(uploadId, suggestion.formula), suggestion.preview),
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  })
}
