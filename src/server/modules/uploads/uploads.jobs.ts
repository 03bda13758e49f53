import { z } from 'zod'
import { defineJob, enqueue } from '#server/platform/queue'
import { importUpload } from './import-upload.ts'

export const importUploadJob = defineJob({
  name: 'uploads.import',
  schema: z.object({ uploadId: z.uuid() }),
  retryLimit: 2,
  expireInSeconds: 60 * 60,
  concurrency: 2,
  handler: ({ payload }) => importUpload(payload),
})

export async function startImport(uploadId: string) {
  await enqueue(importUploadJob, { uploadId }, { singletonKey: uploadId })
}
