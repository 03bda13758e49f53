import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { COLUMN_KEY_PATTERN } from '#common/schemas/rows'
import { db } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { dropColumnIndexes } from '#server/modules/row-storage/grid-indexes'
import { storesSearchText } from '#server/modules/row-storage/row-writer'
import { defineJob, enqueue } from '#server/platform/queue'

/** Rows updated per statement, so a million-row upload is never locked in one long transaction. */
const PURGE_BATCH_ROWS = 20_000

const purgePayloadSchema = z.object({ uploadId: z.uuid(), key: z.string().regex(COLUMN_KEY_PATTERN) })

/**
 * A deleted column's values leave the rows in the background (they would still match searches);
 * its metadata is gone at once, and its key is never given to another column.
 */
export async function purgeValues({ uploadId, key }: z.infer<typeof purgePayloadSchema>) {
  await dropColumnIndexes(uploadId, key)
  const [row] = await queryRows<{ last: number | null }>(sql`SELECT max(row_index) AS last FROM csv_rows WHERE upload_id = ${uploadId}`)
  const last = row?.last
  if (last === null || last === undefined) return
  for (let from = 0; from <= Number(last); from += PURGE_BATCH_ROWS) {
    const searchText = storesSearchText() ? sql`, search_text = rowcraft_row_text(data - ${key}::text)` : sql``
    await db.execute(sql`
      UPDATE csv_rows SET data = data - ${key}::text${searchText}
      WHERE upload_id = ${uploadId} AND row_index >= ${from} AND row_index < ${from + PURGE_BATCH_ROWS} AND data ? ${key}::text`)
  }
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
