import { z } from 'zod'
import { defineJob, enqueue, hasUnfinishedJob } from '#server/platform/queue'
import { failAbandonedImport, importUpload } from './import-upload.ts'
import { dropOrphanRowTables } from '#server/modules/row-storage/row-writer'

export const importUploadJob = defineJob({
  name: 'uploads.import',
  schema: z.object({ uploadId: z.uuid() }),
  retryLimit: 2,
  // An attempt cut short by a stopped process is retried this soon (docs/decisions/007).
  retryDelaySeconds: 2,
  expireInSeconds: 60 * 60,
  concurrency: 2,
  handler: ({ payload }) => importUpload(payload),
  // A process stopped mid-import on every attempt: the upload fails with a way forward.
  onAbandoned: ({ payload }) => failAbandonedImport(payload),
})

/** Drops the row tables no upload owns: a crashed import's staging table, a deleted user's rows. */
export const dropOrphanRowTablesJob = defineJob({
  name: 'uploads.drop-orphan-row-tables',
  schema: z.object({}),
  cron: '*/10 * * * *',
  handler: async () => {
    await dropOrphanRowTables()
  },
})

export async function startImport(uploadId: string) {
  await enqueue(importUploadJob, { uploadId }, { singletonKey: uploadId })
}

/** Whether the upload's import job is queued, running or waiting for a retry. */
export const isImportQueued = (uploadId: string) => hasUnfinishedJob(importUploadJob, uploadId)
