import { sql } from 'drizzle-orm'
import type { AiCellValue } from '#common/schemas/enrichment'
import { db, type Database } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { sqlArray } from '#server/db/sql-array'
import { rowInputsSelect } from '#server/modules/row-storage/ai-values'
import type { AiFieldRow } from '../ai-fields.service.ts'
import { parseJsonb, type ClaimedCell } from './outcomes.ts'
import { engineTuning } from './tuning.ts'

/**
 * Claims and leases. A worker takes a field's queued cells in small batches (SKIP LOCKED, so
 * several workers split them); a claimed cell carries a lease its worker renews, and a stopped
 * worker's cells are taken again when their lease runs out.
 */

/** Cells whose worker stopped: their lease ran out, any worker may take them. */
export async function reclaimExpiredLeases(fieldId: string) {
  await db.execute(sql`
    UPDATE ai_cells SET status = 'queued', lease_until = NULL, updated_at = now()
    WHERE field_id = ${fieldId} AND status = 'running' AND lease_until < now()`)
}

/** Whether any of the field's cells is running, but for the rows in `except` (this job's own). */
export async function hasRunningCells(fieldId: string, except: readonly number[] = []) {
  const rows =
    except.length === 0
      ? await queryRows(sql`SELECT 1 FROM ai_cells WHERE field_id = ${fieldId} AND status = 'running' LIMIT 1`)
      : await queryRows(sql`
          SELECT 1 FROM ai_cells WHERE field_id = ${fieldId} AND status = 'running'
            AND NOT (row_index = ANY(${sqlArray(except, 'int4')})) LIMIT 1`)
  return rows.length > 0
}

/** Whether the field has cells left to claim (queued, not waiting on another row's answer). */
export async function hasClaimableCells(fieldId: string) {
  const [left] = await queryRows<{ n: number | string }>(
    sql`SELECT count(*) AS n FROM ai_cells WHERE field_id = ${fieldId} AND status = 'queued' AND follows_row IS NULL`,
  )
  return Number(left?.n ?? 0) > 0
}

/** Whether the field has answers for this prompt version and model to look inputs up in. */
export async function hasEarlierAnswers(field: Pick<AiFieldRow, 'id' | 'promptVersion'>, model: string) {
  const earlier = await queryRows(sql`
    SELECT 1 FROM ai_cells WHERE field_id = ${field.id} AND status = 'done'
      AND prompt_version = ${field.promptVersion} AND model = ${model} LIMIT 1`)
  return earlier.length > 0
}

type ClaimRow = {
  row_index: number
  charge_seq: number
  claim_token: number
  data: Record<string, string> | string
  input_hash: string
  auto_pending: boolean
} & (
  | { reusable: false }
  | { reusable: true; reused_value: AiCellValue | string; reused_reasoning: string | null; reused_confidence: number | null; reused_sources: string[] | string | null }
)

/**
 * Claims queued cells, with their rows' values and the hash of their inputs (row storage's
 * `rowInputsSelect`) and an answer this field already has for those inputs (same prompt version
 * and model), in one statement.
 */
export async function claimCells({
  field,
  model,
  inputKeys,
  mayReuse,
  limit,
}: {
  field: Pick<AiFieldRow, 'id' | 'uploadId' | 'promptVersion'>
  model: string
  inputKeys: readonly string[]
  mayReuse: boolean
  limit: number
}): Promise<ClaimedCell[]> {
  // The pick is materialised once: as a subquery in FROM, the planner may run it again for
  // each row it joins, and SKIP LOCKED then hands over a new batch every time.
  const rows = await queryRows<ClaimRow>(sql`
    WITH pick AS MATERIALIZED (
      SELECT row_index FROM ai_cells
      WHERE field_id = ${field.id} AND status = 'queued' AND follows_row IS NULL
        AND EXISTS (SELECT 1 FROM ai_fields WHERE id = ${field.id} AND status = 'processing')
      ORDER BY row_index LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE ai_cells AS c
      SET status = 'running', claim_token = c.claim_token + 1, updated_at = now(),
          lease_until = now() + ${`${engineTuning.leaseMs} milliseconds`}::interval
      FROM pick
      WHERE c.field_id = ${field.id} AND c.row_index = pick.row_index
      RETURNING c.row_index, c.charge_seq, c.claim_token, c.auto_pending
    ), inputs AS (
      ${rowInputsSelect({ uploadId: field.uploadId, rowsOf: 'claimed', inputKeys })}
    )
    ${
      mayReuse
        ? sql`SELECT i.*, d.value AS reused_value, d.reasoning AS reused_reasoning, d.confidence AS reused_confidence,
            d.sources AS reused_sources, d.row_index IS NOT NULL AS reusable
          FROM inputs AS i
          LEFT JOIN LATERAL (
            SELECT row_index, value, reasoning, confidence, sources FROM ai_cells
            WHERE field_id = ${field.id} AND input_hash = i.input_hash AND status = 'done'
              AND prompt_version = ${field.promptVersion} AND model = ${model}
            LIMIT 1
          ) AS d ON true`
        : sql`SELECT i.*, false AS reusable FROM inputs AS i`
    }`)
  return rows.map((r) => ({
    rowIndex: Number(r.row_index),
    chargeSeq: Number(r.charge_seq),
    claimToken: Number(r.claim_token),
    data: typeof r.data === 'string' ? (JSON.parse(r.data) as Record<string, string>) : r.data,
    inputHash: r.input_hash,
    auto: r.auto_pending === true,
    reused: r.reusable
      ? { value: parseJsonb(r.reused_value), reasoning: r.reused_reasoning, confidence: r.reused_confidence, sources: parseJsonb(r.reused_sources) ?? [] }
      : null,
  }))
}

/** Identical inputs are called once: every other queued row with them follows the first. */
export async function linkFollowers(executor: Pick<Database, 'execute'>, fieldId: string) {
  await executor.execute(sql`
    UPDATE ai_cells AS c SET follows_row = l.leader
    FROM (SELECT row_index, min(row_index) OVER (PARTITION BY input_hash) AS leader
          FROM ai_cells WHERE field_id = ${fieldId} AND status = 'queued') AS l
    WHERE c.field_id = ${fieldId} AND c.row_index = l.row_index AND l.leader <> l.row_index`)
}

/** Gives claimed cells back to the queue, unpaid (they are claimed and charged again later). */
export async function requeueCells(fieldId: string, cells: readonly ClaimedCell[]) {
  await db.execute(sql`
    UPDATE ai_cells AS c SET status = 'queued', lease_until = NULL, updated_at = now()
    FROM unnest(${sqlArray(cells.map((x) => x.rowIndex), 'int4')}, ${sqlArray(cells.map((x) => x.claimToken), 'int4')}) AS x(row_index, claim_token)
    WHERE c.field_id = ${fieldId} AND c.row_index = x.row_index AND c.claim_token = x.claim_token AND c.status = 'running'`)
}

/**
 * The run's heartbeat, and a new lease for the cells in flight. Answers whether the run is still
 * processing (paused, cancelled or deleted: the job stops claiming).
 */
export async function renewLeases(fieldId: string, inFlight: readonly number[]): Promise<boolean> {
  const [row] = await queryRows<{ status: string }>(sql`
    UPDATE ai_fields SET run_heartbeat_at = now() WHERE id = ${fieldId} RETURNING status`)
  const isProcessing = row?.status === 'processing'
  if (inFlight.length === 0) return isProcessing
  await db.execute(sql`
    UPDATE ai_cells SET lease_until = now() + ${`${engineTuning.leaseMs} milliseconds`}::interval
    WHERE field_id = ${fieldId} AND status = 'running' AND row_index = ANY(${sqlArray(inFlight, 'int4')})`)
  return isProcessing
}
