import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { RowsPage } from '#common/schemas/rows'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { aiKeys } from './ai-columns-query-keys'

export const TEST_ROWS_PAGE_SIZE = 100

/** A page of the file's rows in their own order, to pick the prompt test's row from (the first 1000). */
export async function getTestRows(uploadId: string, page: number): Promise<RowsPage> {
  return unwrap(await api.uploads[':id'].rows.$get({ param: pathParams({ id: uploadId }), query: { page: String(page), perPage: String(TEST_ROWS_PAGE_SIZE) } }))
}

export const getTestRowsQueryOptions = (uploadId: string, page: number) =>
  queryOptions({ queryKey: [...aiKeys.testRows(uploadId), page], queryFn: () => getTestRows(uploadId, page), placeholderData: keepPreviousData })

export function useTestRows(uploadId: string, page: number, { enabled = true } = {}) {
  return useQuery({ ...getTestRowsQueryOptions(uploadId, page), enabled })
}
