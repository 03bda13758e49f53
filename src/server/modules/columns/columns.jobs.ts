import { z } from 'zod'
import { COLUMN_KEY_PATTERN } from '#common/schemas/rows'
import { removeColumnFromRows } from '#server/modules/row-storage/row-cells'
import { defineJob, enqueue } from '#server/platform/queue'

const purgePayloadSchema = z.object({ uploadId: z.uuid(), key: z.string().regex(COLUMN_KEY_PATTERN) })

/**
 * A deleted column's values leave the rows in the background (they would still match searches);
 * its metadata is gone at once, and its key is never given to another column.
 */
export async function purgeValues({ uploadId, key }: z.infer<typeof purgePayloadSchema>) {
  await removeColumnFromRows({ uploadId, key })
}

export const purgeColumnValuesJob = defineJob({
  name: 'columns.purge-values',
  schema: purgePayloadSchema,
  retryLimit: 3,
  expireInSeconds: 60 * 60,
  handler: ({ payload }) => purgeValues(payload),
})

export async function purgeColumnValues(payload: z.infer<typeof purgePayloadSchema>) {
  await enqueue(purgeColumnValuesJob, payload)
}
