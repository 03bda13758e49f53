import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import type { GridRow, RowsPage, UpdateCellInput } from '#common/schemas/rows'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { isOrderedOrNarrowedRowsKey, uploadKeys } from '#web/lib/upload-query-keys'

export async function updateCell(uploadId: string, rowIndex: number, input: UpdateCellInput): Promise<GridRow> {
  return unwrap(await api.uploads[':id'].rows[':rowIndex'].$patch({ param: pathParams({ id: uploadId, rowIndex: String(rowIndex) }), json: input }))
}

const replaceRow = (page: RowsPage, row: GridRow): RowsPage =>
  page.data.some((r) => r.rowIndex === row.rowIndex)
    ? { ...page, data: page.data.map((r) => (r.rowIndex === row.rowIndex ? row : r)) }
    : page

export function useUpdateCell(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ rowIndex, ...input }: UpdateCellInput & { rowIndex: number }) => updateCell(uploadId, rowIndex, input),
    onSuccess: (row) => {
      // The saved row replaces the cached one at once; a sorted or filtered view is then read again,
      // since the edit may move the row or take it out of the view.
      for (const [key, data] of queryClient.getQueriesData<RowsPage | InfiniteData<RowsPage>>({ queryKey: uploadKeys.allRows(uploadId) })) {
        if (!data) continue
        queryClient.setQueryData(key, 'pages' in data ? { ...data, pages: data.pages.map((p) => replaceRow(p, row)) } : replaceRow(data, row))
      }
      // The upload itself (counts, completeness) but not every loaded page of every view.
      void queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId), exact: true })
      void queryClient.invalidateQueries({
        queryKey: uploadKeys.allRows(uploadId),
        predicate: (query) => isOrderedOrNarrowedRowsKey(query.queryKey),
      })
    },
  })
}
