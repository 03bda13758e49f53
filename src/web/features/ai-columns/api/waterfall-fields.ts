import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateWaterfallFieldInput, TestWaterfallInput } from '#common/schemas/waterfall-fields'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'
import { aiKeys } from './ai-columns-query-keys'

/** A waterfall column joins the upload's columns: the upload and its fields are read again. */
export function useCreateWaterfallField(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: CreateWaterfallFieldInput) => unwrap(await api.uploads[':id']['waterfall-fields'].$post({ param: pathParams({ id: uploadId }), json: input })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: aiKeys.upload(uploadId) }),
        queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId) }),
      ]),
  })
}

/** 'Test on a row': the steps tried on one row now, as a run would; nothing is saved. */
export function useTestWaterfall(uploadId: string) {
  return useMutation({
    mutationFn: async (input: TestWaterfallInput) => unwrap(await api.uploads[':id']['waterfall-fields'].test.$post({ param: pathParams({ id: uploadId }), json: input })),
  })
}
