import { sql } from 'drizzle-orm'
import { queryRows } from '#server/db/query-rows'
import { sqlArray } from '#server/db/sql-array'
import { claimQueuedCells, renewCellLeases } from '#server/modules/row-storage/ai-cells'
import { callTuning } from '#server/modules/ai/retry-policy'
import type { AiFieldRow } from '#server/db/schema/index'
import { parseJsonb, type ClaimedCell } from './outcomes.ts'
import { engineTuning } from './tuning.ts'

/**
 * Claims and leases. A worker takes a field's queued cells in small batches (SKIP LOCKED, so
 * several workers split them); a claimed cell carries a lease its worker renews, and a stopped
 * worker's cells are taken again when their lease runs out.
 */

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

/**
 * Claims queued cells (row storage's `claimQueuedCells`: their rows' values, the hash of their
 * inputs and an answer this field already has for those inputs, in one statement).
 */
export async function claimCells(input: {
  field: Pick<AiFieldRow, 'id' | 'uploadId' | 'promptVersion'>
  model: string
  inputKeys: readonly string[]
  mayReuse: boolean
  limit: number
}): Promise<ClaimedCell[]> {
  const rows = await claimQueuedCells({
    fieldId: input.field.id,
    uploadId: input.field.uploadId,
    promptVersion: input.field.promptVersion,
    model: input.model,
    inputKeys: input.inputKeys,
    mayReuse: input.mayReuse,
    limit: input.limit,
    leaseMs: claimLeaseMs(),
  })
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

/**
 * A claim's first lease covers one call attempt's timeout as well as the lease: a second worker
 * never takes a cell whose first call may still be answering (the provider would be paid twice).
 * The worker renews it while it holds the cell (run-engine.ts), through retries and waits.
 */
export const claimLeaseMs = () => engineTuning.leaseMs + callTuning.timeoutMs

/**
 * The run's heartbeat, and a new lease for the cells the job holds. Answers whether the run is still
 * processing (paused, cancelled or deleted: the job stops claiming).
 */
export async function renewLeases(fieldId: string, held: readonly number[]): Promise<boolean> {
  const [row] = await queryRows<{ status: string }>(sql`
    UPDATE ai_fields SET run_heartbeat_at = now() WHERE id = ${fieldId} RETURNING status`)
  await renewCellLeases(fieldId, held, engineTuning.leaseMs)
  return row?.status === 'processing'
}
