import { sql } from 'drizzle-orm'
import { queryRows } from '#server/db/query-rows'

/**
 * Rows of the user's files with at least one AI value: a done cell's value is written into the
 * row's `data` under its AI column's key (ARCHITECTURE "Data model"), so a row counts when any of
 * its upload's AI columns holds a non-empty value there. With no AI column anywhere this is 0.
 * When the enrichment engine's `countEnrichedRows` lands, this one function switches to it.
 */
export async function countEnrichedRows({ userId }: { userId: string }): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(sql`
    SELECT count(*) AS n
    FROM (
      SELECT c.upload_id, array_agg(c.key) AS keys
      FROM upload_columns c JOIN csv_uploads u ON u.id = c.upload_id
      WHERE u.user_id = ${userId} AND c.kind = 'ai'
      GROUP BY c.upload_id
    ) ai
    JOIN csv_rows r ON r.upload_id = ai.upload_id
    WHERE EXISTS (SELECT 1 FROM unnest(ai.keys) AS k WHERE coalesce(r.data->>k, '') <> '')`)
  return Number(row?.n ?? 0)
}
