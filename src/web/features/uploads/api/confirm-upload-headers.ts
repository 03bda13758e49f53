import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ConfirmHeadersInput } from '#common/schemas/uploads'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'

/** The file stays on the server, so confirming starts the import without a second upload. */
export async function confirmUploadHeaders(uploadId: string, input: ConfirmHeadersInput) {
  return unwrap(await api.uploads[':id']['confirm-headers'].$post({ param: pathParams({ id: uploadId }), json: input }))
}

/** For an upload left waiting for its header row (its detail page); refreshes it and the lists. */
export function useConfirmUploadHeaders(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ConfirmHeadersInput) => confirmUploadHeaders(uploadId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: uploadKeys.all }),
  })
}
