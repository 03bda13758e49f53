import { z } from 'zod'
import { COLUMN_KEY_PATTERN } from '#common/schemas/rows'
import { removeColumnFromRows } from '#server/modules/row-storage/row-cells'
import { defineJob, enqueue } from '#server/platform/queue'
import { refreshPastDayFormulas } from './formula-columns.ts'

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

/**
 * Formula columns that read TODAY() hold the day they were computed on; every 10 minutes (UTC)
 * those computed on a past day are computed again (docs/api/formulas.md), so after midnight UTC,
 * or after the server was down, a column holds today within 10 minutes. Reads never compute them.
 */
export const refreshPastDayFormulasJob = defineJob({
  name: 'columns.refresh-past-day-formulas',
  schema: z.object({}),
  cron: '*/10 * * * *',
  expireInSeconds: 60 * 60,
  handler: async () => {
    await refreshPastDayFormulas()
  },
})
