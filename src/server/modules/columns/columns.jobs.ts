import { z } from 'zod'
import { COLUMN_KEY_PATTERN } from '#common/schemas/rows'
import { db } from '#server/db/client'
import { removeColumnFromRows } from '#server/modules/row-storage/row-cells'
import { refreshDuplicateLabelsLater } from '#server/modules/uploads/duplicate-labels.jobs'
import { defineJob, enqueue } from '#server/platform/queue'
import { refreshPastDayFormulas } from './formula-columns.ts'

const purgePayloadSchema = z.object({ uploadId: z.uuid(), key: z.string().regex(COLUMN_KEY_PATTERN) })

/**
 * A deleted column's values leave the rows in the background (they would still match searches);
 * its metadata is gone at once, and its key is never given to another column.
 */
export async function purgeValues({ uploadId, key }: z.infer<typeof purgePayloadSchema>) {
  await removeColumnFromRows({ uploadId, key })
  // Whole rows compare without it now, and an identity column gone changes the records: the
  // report's duplicate figures are counted again (the labels job; issue 44).
  await db.transaction((tx) => refreshDuplicateLabelsLater(tx, uploadId))
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
