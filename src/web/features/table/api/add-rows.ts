import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AddedRow, AddRowsResult } from '#common/schemas/rows'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'

/** Rows added in the grid go through the rows API, as a script's do (auto-runs included). */
export async function addRows(uploadId: string, rows: AddedRow[]): Promise<AddRowsResult> {
  return unwrap(await api.uploads[':id'].rows.$post({ param: pathParams({ id: uploadId }), query: {}, json: { rows } }))
}

export function useAddRows(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (rows: AddedRow[]) => addRows(uploadId, rows),
    // The open grid also hears `rows.added`; this covers a page whose stream is not connected yet.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId), exact: true }),
        queryClient.invalidateQueries({ queryKey: uploadKeys.allRows(uploadId) }),
      ]),
  })
}
