import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateHttpFieldInput, TestHttpRequestInput } from '#common/schemas/http-fields'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'
import { aiKeys } from './ai-columns-query-keys'

/** An HTTP API column's columns join the upload's columns: the upload and its fields are read again. */
export function useCreateHttpField(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: CreateHttpFieldInput) => unwrap(await api.uploads[':id']['http-fields'].$post({ param: pathParams({ id: uploadId }), json: input })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: aiKeys.upload(uploadId) }),
        queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId) }),
      ]),
  })
}

/** 'Test on a row': sends the request for one row now; nothing is saved. */
export function useTestHttpRequest(uploadId: string) {
  return useMutation({
    mutationFn: async (input: TestHttpRequestInput) => unwrap(await api.uploads[':id']['http-fields'].test.$post({ param: pathParams({ id: uploadId }), json: input })),
  })
}
