import type { CellStep } from '#common/schemas/sources'
import { sql } from 'drizzle-orm'
import { WEBHOOKS } from '#common/constants'
import type { AiCellStatus } from '#common/schemas/enrichment'
import { queryRows } from '#server/db/query-rows'
import { sqlArray } from '#server/db/sql-array'
import { lockRows, rowValuesIn } from '#server/modules/row-storage/ai-values'
import { clearFinishedAutoCells } from '#server/modules/row-storage/ai-cells'
import { recordWebhookEvent } from '#server/modules/webhooks/webhooks.service'
import type { QueueTransaction } from '#server/platform/queue'

/**
 * `row.enriched` (issue 33): a row added (or made stale) while AI columns had 'Run on new rows'
 * on gets one event when every cell those auto-runs queued for it has ended, done or not. It is
 * recorded by the transaction that ends the row's last cell (a cell write, a run stopped or
 * cancelled), so a crash loses neither the cell nor its event (decision 020's outbox).
 */

/**
 * One auto-run column's outcome for the row: `source` says what answered ('ai', 'http' or
 * 'waterfall'); `steps` the requests a value came through (an HTTP column's URL with secrets
 * masked, its status; each step a waterfall tried); `step` the waterfall step whose value it is.
 */
export type EnrichedRowColumn = {
  field_id: string
  name: string
  status: AiCellStatus
  credits: number
  error: string | null
  source: 'ai' | 'http' | 'waterfall'
  steps: CellStep[] | null
  step: number | null
}
export type EnrichedRow = { row_index: number; values: Record<string, string>; columns: EnrichedRowColumn[] }

/**
 * Records the event for the rows whose auto-run cells have all ended: the given rows, or every
 * row of the upload that still owes one (after a column was deleted). Rows finishing together
 * go out in batches of WEBHOOKS.rowsPerEnrichedEvent. Answers the rows reported.
 */
export async function recordEnrichedRows(
  tx: QueueTransaction,
  { userId, uploadId, rowIndexes }: { userId: string; uploadId: string; rowIndexes?: readonly number[] },
): Promise<number> {
  if (rowIndexes?.length === 0) return 0
  const owing = await queryRows<{ row_index: number }>(
    sql`SELECT DISTINCT row_index FROM ai_cells
      WHERE upload_id = ${uploadId} AND auto_pending ${rowIndexes ? sql`AND row_index = ANY(${sqlArray(rowIndexes, 'int4')})` : sql``}`,
    tx,
  )
  if (owing.length === 0) return 0
  // After the lock, the statements below see every other writer's cells of these rows as committed.
  await lockRows(tx, { uploadId, rowIndexes: owing.map((row) => Number(row.row_index)) })
  const ended = await clearFinishedAutoCells(tx, { uploadId, rowIndexes: owing.map((row) => Number(row.row_index)) })
  if (ended.length === 0) return 0
  const rowIndexesEnded = [...new Set(ended.map((cell) => Number(cell.row_index)))]
  const values = await rowValuesIn(tx, { uploadId, rowIndexes: rowIndexesEnded })
  const names = await queryRows<{ key: string; name: string }>(sql`SELECT key, name FROM upload_columns WHERE upload_id = ${uploadId} ORDER BY position`, tx)
  const rows = new Map<number, EnrichedRow>()
  for (const rowIndex of rowIndexesEnded) {
    const data = values.get(rowIndex) ?? {}
    rows.set(rowIndex, { row_index: rowIndex, values: Object.fromEntries(names.filter((c) => c.key in data).map((c) => [c.name, data[c.key]!])), columns: [] })
  }
  for (const cell of ended) {
    const steps = typeof cell.steps === 'string' ? (JSON.parse(cell.steps) as CellStep[]) : cell.steps
    rows.get(Number(cell.row_index))!.columns.push({
      field_id: cell.field_id,
      name: cell.name ?? '',
      status: cell.status,
      credits: Number(cell.credits),
      error: cell.error,
      source: cell.provider === 'http' || cell.provider === 'waterfall' ? cell.provider : 'ai',
      steps,
      step: steps?.find((s) => s.outcome === 'accepted')?.step ?? null,
    })
  }
  const all = [...rows.values()]
  for (let i = 0; i < all.length; i += WEBHOOKS.rowsPerEnrichedEvent) {
    await recordWebhookEvent(tx, { userId, type: 'row.enriched', data: { upload_id: uploadId, rows: all.slice(i, i + WEBHOOKS.rowsPerEnrichedEvent) } })
  }
  return all.length
}
