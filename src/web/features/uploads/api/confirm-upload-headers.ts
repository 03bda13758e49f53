import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ConfirmHeadersInput } from '#common/schemas/uploads'
import { unwrap } from '#web/lib/api-client'
import { uploadKeys, UPLOADS_URL } from '#web/lib/upload-query-keys'

export type ConfirmHeadersResponse = { upload_id: string; processing_in_background: true }

/** The file stays on the server, so confirming starts the import without a second upload. */
export async function confirmUploadHeaders(
  uploadId: string,
  input: ConfirmHeadersInput,
): Promise<ConfirmHeadersResponse> {
  const res = await fetch(`${UPLOADS_URL}/${encodeURIComponent(uploadId)}/confirm-headers`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  })
  return unwrap(res)
}

/** For an upload left waiting for its header row (its detail page); refreshes it and the lists. */
export function useConfirmUploadHeaders(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ConfirmHeadersInput) => confirmUploadHeaders(uploadId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: uploadKeys.all }),
  })
}
