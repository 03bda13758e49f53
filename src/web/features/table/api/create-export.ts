import { useMutation } from '@tanstack/react-query'
import type { CreateExportInput } from '#common/schemas/rows'
import { api, assertOk, pathParams } from '#web/lib/api-client'
import { fileNameFromDisposition } from '../lib/export-file'

export type ExportedFile = { blob: Blob; fileName: string | null }

/** POST /exports answers with the file itself, not JSON. */
export async function createExport(uploadId: string, input: CreateExportInput): Promise<ExportedFile> {
  const res = await api.uploads[':id'].exports.$post({ param: pathParams({ id: uploadId }), json: input })
  await assertOk(res)
  return { blob: await res.blob(), fileName: fileNameFromDisposition(res.headers.get('content-disposition')) }
}

/** Saves a blob through a temporary `<a download>`, the one way that works in every browser. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function useCreateExport(uploadId: string) {
  return useMutation({ mutationFn: (input: CreateExportInput) => createExport(uploadId, input) })
}
