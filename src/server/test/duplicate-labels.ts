import { sql } from 'drizzle-orm'
import { queryRows } from '#server/db/query-rows'
import { until } from './until.ts'

/**
 * Waits until the upload's duplicate labels job (uploads/duplicate-labels.jobs.ts) has run, the
 * copies it sends itself while the file is not yet quiet included: on PGlite the import leaves the
 * labels to it (`writesLabelsAtImport`); on PostgreSQL an import sends none.
 */
export async function labelsJobDone(uploadId: string, timeoutMs = 60_000): Promise<void> {
  const unfinished = async () =>
    (await queryRows(sql`SELECT 1 FROM pgboss.job WHERE name = 'rows.refresh-duplicate-labels' AND data ->> 'uploadId' = ${uploadId} AND state < 'completed' LIMIT 1`)).length > 0
  await until('the duplicate labels job to end', unfinished, (isUnfinished) => !isUnfinished, { timeoutMs, everyMs: 100 })
}
