import { sql } from 'drizzle-orm'
import type { AiCellStatus, AiCellValue } from '#common/schemas/enrichment'
import type { CellStep } from '#common/schemas/sources'
import type { Database } from '#server/db/client'
import { db } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { sqlArray } from '#server/db/sql-array'
import { rowInputsSelect } from './ai-values.ts'

/**
 * The one writer of `ai_cells` (CONVENTIONS 20, decision 031): every statement that changes an AI
 * cell (queued, claimed, leased, written, ended, made stale, deleted) is a named function here or
 * in ai-values.ts / row-delete.ts beside it; the run engine, the services and the jobs call them.
 * `ownership.test.ts` fails when another module writes the table.
 */

type Executor = Pick<Database, 'execute'>

/** A cell that ended here, and whether an auto-run queued it (its row may owe `row.enriched`). */
export type EndedCell = { rowIndex: number; auto: boolean }

/**
 * Ends the field's queued cells with a status and message (a run cancelled, out of credits,
 * without a provider), or only its auto-queued ones (the monthly cap), or only the user's own (the
 * run's budget: auto cells that joined the run go on under the cap).
 */
export async function endQueuedCells(
  executor: Executor,
  {
    fieldId,
    status,
    error,
    which = 'all',
  }: { fieldId: string; status: Extract<AiCellStatus, 'cancelled' | 'no_credits' | 'error'>; error: string | null; which?: 'all' | 'auto' | 'user' },
): Promise<EndedCell[]> {
  const only = which === 'auto' ? sql`AND auto_pending` : which === 'user' ? sql`AND NOT auto_pending` : sql``
  const rows = await queryRows<{ row_index: number; auto_pending: boolean }>(
    sql`UPDATE ai_cells SET status = ${status}, error = ${error}, follows_row = NULL, updated_at = now()
      WHERE field_id = ${fieldId} AND status = 'queued' ${only}
      RETURNING row_index, auto_pending`,
    executor,
  )
  return rows.map((r) => ({ rowIndex: Number(r.row_index), auto: r.auto_pending === true }))
}

/** A new prompt version: the field's done cells become stale (shown in the grid, re-run on request). */
export async function markDoneCellsStale(executor: Executor, fieldId: string): Promise<number> {
  // A corrected value is the user's, not the prompt's: it stays as it is (decision 038).
  const rows = await queryRows(
    sql`UPDATE ai_cells SET status = 'stale', updated_at = now() WHERE field_id = ${fieldId} AND status = 'done' AND NOT corrected RETURNING row_index`,
    executor,
  )
  return rows.length
}

/** 'Clear': every cell of the field goes. */
export async function deleteFieldCells(fieldId: string, executor: Executor = db) {
  await executor.execute(sql`DELETE FROM ai_cells WHERE field_id = ${fieldId}`)
}

/**
 * Every running cell back to the queue: at the start of the one process on PGlite, all of them
 * were left by the process before it (its calls died with it).
 */
export async function requeueAllRunningCells() {
  await db.execute(sql`UPDATE ai_cells SET status = 'queued', lease_until = NULL WHERE status = 'running'`)
}

/** Cells whose worker stopped: their lease ran out, any worker may take them. */
export async function reclaimExpiredLeases(fieldId: string) {
  await db.execute(sql`
    UPDATE ai_cells SET status = 'queued', lease_until = NULL, updated_at = now()
    WHERE field_id = ${fieldId} AND status = 'running' AND lease_until < now()`)
}

/** Identical inputs are called once: every other queued row with them follows the first. */
export async function linkFollowers(executor: Executor, fieldId: string) {
  await executor.execute(sql`
    UPDATE ai_cells AS c SET follows_row = l.leader
    FROM (SELECT row_index, min(row_index) OVER (PARTITION BY input_hash) AS leader
          FROM ai_cells WHERE field_id = ${fieldId} AND status = 'queued') AS l
    WHERE c.field_id = ${fieldId} AND c.row_index = l.row_index AND l.leader <> l.row_index`)
}

/** Gives claimed cells back to the queue, unpaid (they are claimed and charged again later). */
export async function requeueCells(fieldId: string, cells: ReadonlyArray<{ rowIndex: number; claimToken: number }>) {
  if (cells.length === 0) return
  await db.execute(sql`
    UPDATE ai_cells AS c SET status = 'queued', lease_until = NULL, updated_at = now()
    FROM unnest(${sqlArray(cells.map((x) => x.rowIndex), 'int4')}, ${sqlArray(cells.map((x) => x.claimToken), 'int4')}) AS x(row_index, claim_token)
    WHERE c.field_id = ${fieldId} AND c.row_index = x.row_index AND c.claim_token = x.claim_token AND c.status = 'running'`)
}

/** A new lease for cells a worker holds (in flight, answered and not yet written). */
export async function renewCellLeases(fieldId: string, rowIndexes: readonly number[], leaseMs: number) {
  if (rowIndexes.length === 0) return
  await db.execute(sql`
    UPDATE ai_cells SET lease_until = now() + ${`${leaseMs} milliseconds`}::interval
    WHERE field_id = ${fieldId} AND status = 'running' AND row_index = ANY(${sqlArray(rowIndexes, 'int4')})`)
}

/** A claimed cell as stored: its row's values, the hash of its inputs, and a reusable answer. */
export type ClaimedCellRow = {
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
 * Claims up to `limit` queued cells of the field (SKIP LOCKED, so several workers split them)
 * under a lease, with their rows' values and the hash of their inputs (`rowInputsSelect`) and an
 * answer this field already has for those inputs (same prompt version and model), in one statement.
 */
export async function claimQueuedCells({
  fieldId,
  uploadId,
  promptVersion,
  model,
  inputKeys,
  mayReuse,
  limit,
  leaseMs,
}: {
  fieldId: string
  uploadId: string
  promptVersion: number
  model: string
  inputKeys: readonly string[]
  mayReuse: boolean
  limit: number
  leaseMs: number
}): Promise<ClaimedCellRow[]> {
  // The pick is materialised once: as a subquery in FROM, the planner may run it again for
  // each row it joins, and SKIP LOCKED then hands over a new batch every time.
  return queryRows<ClaimedCellRow>(sql`
    WITH pick AS MATERIALIZED (
      SELECT row_index FROM ai_cells
      WHERE field_id = ${fieldId} AND status = 'queued' AND follows_row IS NULL
        AND EXISTS (SELECT 1 FROM ai_fields WHERE id = ${fieldId} AND status = 'processing')
      ORDER BY row_index LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE ai_cells AS c
      SET status = 'running', claim_token = c.claim_token + 1, updated_at = now(),
          lease_until = now() + ${`${leaseMs} milliseconds`}::interval
      FROM pick
      WHERE c.field_id = ${fieldId} AND c.row_index = pick.row_index
      RETURNING c.row_index, c.charge_seq, c.claim_token, c.auto_pending
    ), inputs AS (
      ${rowInputsSelect({ uploadId, rowsOf: 'claimed', inputKeys })}
    )
    ${
      mayReuse
        ? sql`SELECT i.*, d.value AS reused_value, d.reasoning AS reused_reasoning, d.confidence AS reused_confidence,
            d.sources AS reused_sources, d.row_index IS NOT NULL AS reusable
          FROM inputs AS i
          LEFT JOIN LATERAL (
            SELECT row_index, value, reasoning, confidence, sources FROM ai_cells
            WHERE field_id = ${fieldId} AND input_hash = i.input_hash AND status = 'done'
              AND prompt_version = ${promptVersion} AND model = ${model}
            LIMIT 1
          ) AS d ON true`
        : sql`SELECT i.*, false AS reusable FROM inputs AS i`
    }`)
}

/** A finished cell as the run engine hands it over (its claim must still be the one that took it). */
export type CellOutcomeRecord = {
  row_index: number
  claim_token: number
  status: Extract<AiCellStatus, 'done' | 'error' | 'no_credits' | 'cancelled'>
  value: AiCellValue
  error: string | null
  reasoning: string | null
  confidence: number | null
  sources: string[]
  steps: CellStep[] | null
  input_tokens: number
  output_tokens: number
  cached_tokens: number | null
  credits: number
  latency_ms: number
  attempts: number
  reused: boolean
  input_hash: string | null
}

/**
 * Writes finished cells whose claim still holds (a cell taken again by another worker is not
 * overwritten), with the provider and model that answered; answers the cells written.
 */
export async function writeCellOutcomes(
  executor: Executor,
  { fieldId, provider, model, promptVersion, ownKey, records }: { fieldId: string; provider: string; model: string; promptVersion: number; ownKey: boolean; records: CellOutcomeRecord[] },
) {
  return queryRows<{ row_index: number; status: AiCellStatus; value: AiCellValue | string }>(
    sql`
    UPDATE ai_cells AS c SET
      status = x.status, value = x.value, error = x.error, reasoning = x.reasoning, confidence = x.confidence,
      sources = x.sources, steps = x.steps, input_tokens = x.input_tokens, output_tokens = x.output_tokens, cached_tokens = x.cached_tokens,
      credits = x.credits, latency_ms = x.latency_ms, attempts = x.attempts, reused = x.reused,
      input_hash = COALESCE(x.input_hash, c.input_hash),
      provider = ${provider}, model = ${model}, prompt_version = ${promptVersion},
      own_key = ${ownKey}, lease_until = NULL, follows_row = NULL,
      completed_at = CASE WHEN x.status = 'done' THEN now() ELSE c.completed_at END, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS x(
      row_index integer, claim_token integer, status text, value jsonb, error text, reasoning text, confidence real,
      sources jsonb, steps jsonb, input_tokens integer, output_tokens integer, cached_tokens integer, credits integer,
      latency_ms integer, attempts integer, reused boolean, input_hash text)
    WHERE c.field_id = ${fieldId} AND c.row_index = x.row_index AND c.claim_token = x.claim_token AND c.status = 'running'
    RETURNING c.row_index, c.status, c.value`,
    executor,
  )
}

/** Whether any of the field's cells waits on another row's answer. */
export async function hasFollowerCells(executor: Executor, fieldId: string) {
  return (await queryRows(sql`SELECT 1 FROM ai_cells WHERE field_id = ${fieldId} AND follows_row IS NOT NULL LIMIT 1`, executor)).length > 0
}

/**
 * Rows that waited on a leader's answer get it (found through ai_cells_follows_idx); answers them.
 * A failed leader hands its followers to the next of them.
 */
export async function settleFollowerCells(executor: Executor, { fieldId, doneLeaders, failedLeaders }: { fieldId: string; doneLeaders: number[]; failedLeaders: number[] }) {
  let copied: Array<{ row_index: number; value: AiCellValue | string }> = []
  if (doneLeaders.length > 0) {
    copied = await queryRows<{ row_index: number; value: AiCellValue | string }>(
      sql`
      UPDATE ai_cells AS f SET status = 'done', value = l.value, error = NULL, reasoning = l.reasoning, confidence = l.confidence,
        sources = l.sources, steps = l.steps, provider = l.provider, model = l.model, prompt_version = l.prompt_version, input_hash = l.input_hash,
        input_tokens = 0, output_tokens = 0, cached_tokens = NULL, credits = 0, latency_ms = 0, attempts = 0,
        own_key = l.own_key, reused = true, follows_row = NULL, lease_until = NULL, completed_at = now(), updated_at = now()
      FROM ai_cells AS l
      WHERE f.field_id = ${fieldId} AND f.follows_row = ANY(${sqlArray(doneLeaders, 'int4')}) AND f.status = 'queued'
        AND l.field_id = ${fieldId} AND l.row_index = f.follows_row
      RETURNING f.row_index, f.value`,
      executor,
    )
  }
  if (failedLeaders.length > 0) {
    await executor.execute(sql`
      UPDATE ai_cells AS f SET follows_row = CASE WHEN f.row_index = n.next THEN NULL ELSE n.next END
      FROM (SELECT follows_row AS leader, min(row_index) AS next FROM ai_cells
            WHERE field_id = ${fieldId} AND follows_row = ANY(${sqlArray(failedLeaders, 'int4')}) AND status = 'queued'
            GROUP BY follows_row) AS n
      WHERE f.field_id = ${fieldId} AND f.follows_row = n.leader AND f.status = 'queued'`)
  }
  return copied
}

/**
 * Of these rows, those whose auto-queued cells have all ended no longer owe `row.enriched`: their
 * cells are cleared of it, and answered with their column names in column order.
 */
export async function clearFinishedAutoCells(executor: Executor, { uploadId, rowIndexes }: { uploadId: string; rowIndexes: readonly number[] }) {
  return queryRows<{
    field_id: string
    row_index: number
    status: AiCellStatus
    credits: number
    error: string | null
    name: string | null
    provider: string | null
    steps: CellStep[] | string | null
  }>(
    sql`WITH finished AS (
        SELECT DISTINCT c.row_index FROM ai_cells c
        WHERE c.upload_id = ${uploadId} AND c.auto_pending AND c.row_index = ANY(${sqlArray(rowIndexes, 'int4')})
          AND NOT EXISTS (
            SELECT 1 FROM ai_cells o
            WHERE o.upload_id = c.upload_id AND o.row_index = c.row_index AND o.auto_pending AND o.status IN ('queued', 'running'))
      ), cleared AS (
        UPDATE ai_cells AS c SET auto_pending = false
        FROM finished WHERE c.upload_id = ${uploadId} AND c.row_index = finished.row_index AND c.auto_pending
        RETURNING c.field_id, c.row_index, c.status, c.credits, c.error, c.provider, c.steps
      )
      SELECT cleared.*, uc.name FROM cleared
      JOIN ai_fields f ON f.id = cleared.field_id
      LEFT JOIN upload_columns uc ON uc.upload_id = f.upload_id AND uc.key = f.column_key
      ORDER BY cleared.row_index, uc.position`,
    executor,
  )
}

/** A cell as a correction finds it (locked for the caller's transaction), or null when it has none. */
export async function lockCellForCorrection(executor: Executor, { fieldId, rowIndex }: { fieldId: string; rowIndex: number }) {
  const [row] = await queryRows<{ status: AiCellStatus; auto_pending: boolean; corrected: boolean }>(
    sql`SELECT status, auto_pending, corrected FROM ai_cells WHERE field_id = ${fieldId} AND row_index = ${rowIndex} FOR UPDATE`,
    executor,
  )
  return row ? { status: row.status, auto: row.auto_pending === true, corrected: row.corrected === true } : null
}

/**
 * The user's value into the cell (decision 038): done and corrected, without the model's
 * provenance (it described another value), its claim moved on so a call in flight cannot write
 * over it. A row's `row.enriched` debt (`auto_pending`) is kept for the caller to settle.
 */
export async function writeCorrectedCell(executor: Executor, { fieldId, uploadId, rowIndex, value }: { fieldId: string; uploadId: string; rowIndex: number; value: AiCellValue }) {
  await executor.execute(sql`
    INSERT INTO ai_cells (field_id, upload_id, row_index, status, value, corrected, completed_at)
    VALUES (${fieldId}, ${uploadId}, ${rowIndex}, 'done', ${JSON.stringify(value)}::jsonb, true, now())
    ON CONFLICT (field_id, row_index) DO UPDATE SET
      status = 'done', value = EXCLUDED.value, corrected = true, error = NULL, reasoning = NULL, confidence = NULL,
      sources = NULL, steps = NULL, provider = NULL, model = NULL, input_tokens = NULL, output_tokens = NULL, cached_tokens = NULL,
      credits = 0, latency_ms = NULL, attempts = 0, reused = false, follows_row = NULL, lease_until = NULL,
      claim_token = ai_cells.claim_token + 1, completed_at = now(), updated_at = now()`)
}

/** An emptied AI cell goes (as if never run): 'Empty cells' runs take its row again. */
export async function deleteCell(executor: Executor, { fieldId, rowIndex }: { fieldId: string; rowIndex: number }) {
  await executor.execute(sql`DELETE FROM ai_cells WHERE field_id = ${fieldId} AND row_index = ${rowIndex}`)
}

/**
 * A waterfall's steps as its cells tried them (decision 037): per step (from 0), the cells that
 * called it and those it gave their value. The estimate's expected cost reads them.
 */
export async function countWaterfallSteps(fieldId: string): Promise<Map<number, { tried: number; accepted: number }>> {
  const rows = await queryRows<{ step: number; tried: string | number; accepted: string | number }>(sql`
    SELECT (s ->> 'step')::int AS step, count(*) AS tried, count(*) FILTER (WHERE s ->> 'outcome' = 'accepted') AS accepted
    FROM ai_cells AS c CROSS JOIN LATERAL jsonb_array_elements(c.steps) AS s
    WHERE c.field_id = ${fieldId} AND jsonb_typeof(c.steps) = 'array' AND s ? 'step' AND s ->> 'outcome' <> 'unpaid'
    GROUP BY 1`)
  return new Map(rows.map((r) => [Number(r.step), { tried: Number(r.tried), accepted: Number(r.accepted) }]))
}
