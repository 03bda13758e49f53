import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UpdateColumnInput } from '#common/schemas/rows'
import type { UploadColumn, UploadDetail } from '#common/schemas/uploads'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'

export async function updateColumn(uploadId: string, key: string, input: UpdateColumnInput): Promise<UploadColumn> {
  return unwrap(await api.uploads[':id'].columns[':key'].$patch({ param: pathParams({ id: uploadId, key }), json: input }))
}

/** Rename, show/hide, resize or a new formula: applied to the cached columns at once, undone if the server refuses. */
export function useUpdateColumn(uploadId: string) {
  const queryClient = useQueryClient()
  const detailKey = uploadKeys.detail(uploadId)
  return useMutation({
    mutationFn: ({ key, ...input }: UpdateColumnInput & { key: string }) => updateColumn(uploadId, key, input),
    onMutate: async ({ key, ...input }) => {
      await queryClient.cancelQueries({ queryKey: detailKey, exact: true })
      const previous = queryClient.getQueryData<UploadDetail>(detailKey)
      queryClient.setQueryData<UploadDetail>(detailKey, (old) =>
        old ? { ...old, columns: old.columns.map((c) => (c.key === key ? { ...c, ...definedOnly(input) } : c)) } : old,
      )
      return { previous }
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(detailKey, context.previous)
    },
    onSettled: async (_column, _error, input) => {
      await queryClient.invalidateQueries({ queryKey: detailKey, exact: true })
      // A new formula computed every row again.
      if (input.formula !== undefined) await queryClient.invalidateQueries({ queryKey: uploadKeys.allRows(uploadId) })
    },
  })
}

function definedOnly(input: UpdateColumnInput): Partial<UploadColumn> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<UploadColumn>
}
