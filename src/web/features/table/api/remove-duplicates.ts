import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RemoveDuplicatesInput, RemoveDuplicatesResult } from '#common/schemas/duplicates'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'

export async function removeDuplicates(uploadId: string, input: RemoveDuplicatesInput): Promise<RemoveDuplicatesResult> {
  return unwrap(await api.uploads[':id'].duplicates.remove.$post({ param: pathParams({ id: uploadId }), json: input }))
}

export function useRemoveDuplicates(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RemoveDuplicatesInput) => removeDuplicates(uploadId, input),
    // Counts, the quality report and every rows page change: refresh the whole upload.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId) }),
  })
}
