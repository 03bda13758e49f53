import { z } from 'zod'
import { defineJob } from '#server/platform/queue'
import { refreshDuplicateFigures } from './duplicates.service.ts'

/**
 * The duplicate figures of a file that rows were added to (issue 33). Sent in the addition's
 * transaction, at most one per file every two seconds (the next slot takes later additions), so
 * a script adding rows one by one costs one scan of the file every two seconds, not one a call.
 */
export const refreshDuplicateFiguresJob = defineJob({
  name: 'rows.refresh-duplicate-figures',
  schema: z.object({ uploadId: z.uuid() }),
  retryLimit: 2,
  handler: ({ payload }) => refreshDuplicateFigures(payload),
})
