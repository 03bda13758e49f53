import { sql } from 'drizzle-orm'
import type { AiCellStatus, AiCellValue } from '#common/schemas/enrichment'
import { db } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { sqlArray } from '#server/db/sql-array'
import { writeAiValues } from '#server/modules/row-storage/row-cells'
import { refreshFormulaValues } from '#server/modules/columns/formula-columns'
import { publish } from '#server/platform/events'
import type { AiFieldRow } from '../ai-fields.service.ts'
import { displayValue } from '#server/modules/ai/ai-output'
import type { AiCredentials } from '#server/modules/ai/ai-credentials'
import { parseJsonb, type Outcome } from './outcomes.ts'
import { giveBackBudget, refundCell } from './payment.ts'
import { giveBackAutoCap } from './auto-cap.ts'
import { recordEnrichedRows } from '../row-enriched.ts'
import type { QueueTransaction } from '#server/platform/queue'

/**
 * Writes of finished cells, in batches: the cell, the rows that waited on its answer (its
 * followers), the row's value (row storage), refunds of cells that failed, and the events.
 */

/** Cuts a cell's text for events (the full value is read through the rows API). */
const EVENT_DISPLAY_CHARS = 300
/** pg_notify takes up to 8000 bytes; a batch of cells is split to stay well under it. */
const EVENT_BYTES = 6000

type EventCell = { rowIndex: number; status: AiCellStatus; display: string | null; error: string | null }

export class CellWriter {
  /** Whether the run has rows waiting on another row's answer; asked once, when first needed. */
  private hasFollowers: boolean | undefined

  constructor(
    private readonly field: AiFieldRow,
    private readonly credentials: AiCredentials,
    private readonly perCell: number,
  ) {}

  /** Writes the outcomes; answers the cells written (with followers) and the refunds made. */
  async write(outcomes: Outcome[]): Promise<{ written: number; refunds: number }> {
    const records = outcomes.map((o) => ({
      row_index: o.rowIndex,
      claim_token: o.claimToken,
      status: o.status,
      value: o.value,
      error: o.error,
      reasoning: o.reasoning,
      confidence: o.confidence,
      sources: o.sources,
      input_tokens: o.tokens.input,
      output_tokens: o.tokens.output,
      cached_tokens: o.tokens.cached,
      credits: o.credits,
      latency_ms: o.latencyMs,
      attempts: o.attempts,
      reused: o.reused,
      input_hash: o.inputHash || null,
    }))
    // The cells, their rows' values and formula columns, and the `row.enriched` events their rows
    // now owe are one transaction: a crash keeps all of them or none (the cells run again).
    const { written, followers } = await db.transaction((tx) => this.writeCells(tx, records, outcomes))
    const writtenRows = new Set(written.map((w) => Number(w.row_index)))
    const refunds = outcomes.filter((o) => o.charged && o.status !== 'done' && writtenRows.has(o.rowIndex))
    for (const outcome of refunds) await refundCell(this.field, outcome)
    const autoRefunds = refunds.filter((o) => o.auto).length
    await giveBackBudget(this.field.id, (refunds.length - autoRefunds) * this.perCell)
    await giveBackAutoCap(this.field.id, autoRefunds * this.perCell)
    const byRow = new Map(outcomes.map((o) => [o.rowIndex, o]))
    const cells: EventCell[] = [
      ...written.map((w) => {
        const rowIndex = Number(w.row_index)
        const display = w.status === 'done' ? displayValue(parseJsonb(w.value)) : null
        return { rowIndex, status: w.status, display: display?.slice(0, EVENT_DISPLAY_CHARS) ?? null, error: byRow.get(rowIndex)?.error ?? null }
      }),
      ...followers.map((f) => ({ rowIndex: f.rowIndex, status: 'done' as const, display: displayValue(f.value).slice(0, EVENT_DISPLAY_CHARS), error: null })),
    ]
    await this.publishCells(cells)
    return { written: written.length + followers.length, refunds: refunds.length }
  }

  /** The batch's cells and what follows from them in the rows, in the caller's transaction. */
  private async writeCells(tx: QueueTransaction, records: Array<Record<string, unknown>>, outcomes: Outcome[]) {
    const written = await queryRows<{ row_index: number; status: AiCellStatus; value: AiCellValue | string }>(sql`
      UPDATE ai_cells AS c SET
        status = x.status, value = x.value, error = x.error, reasoning = x.reasoning, confidence = x.confidence,
        sources = x.sources, input_tokens = x.input_tokens, output_tokens = x.output_tokens, cached_tokens = x.cached_tokens,
        credits = x.credits, latency_ms = x.latency_ms, attempts = x.attempts, reused = x.reused,
        input_hash = COALESCE(x.input_hash, c.input_hash),
        provider = ${this.credentials.provider}, model = ${this.credentials.model}, prompt_version = ${this.field.promptVersion},
        own_key = ${this.credentials.ownKey}, lease_until = NULL, follows_row = NULL,
        completed_at = CASE WHEN x.status = 'done' THEN now() ELSE c.completed_at END, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS x(
        row_index integer, claim_token integer, status text, value jsonb, error text, reasoning text, confidence real,
        sources jsonb, input_tokens integer, output_tokens integer, cached_tokens integer, credits integer,
        latency_ms integer, attempts integer, reused boolean, input_hash text)
      WHERE c.field_id = ${this.field.id} AND c.row_index = x.row_index AND c.claim_token = x.claim_token AND c.status = 'running'
      RETURNING c.row_index, c.status, c.value`, tx)
    const doneLeaders = written.filter((w) => w.status === 'done').map((w) => Number(w.row_index))
    const failedLeaders = written.filter((w) => w.status !== 'done').map((w) => Number(w.row_index))
    const followers = await this.settleFollowers(tx, doneLeaders, failedLeaders)
    const values = [
      ...written.filter((w) => w.status === 'done').map((w) => ({ rowIndex: Number(w.row_index), value: parseJsonb(w.value) })),
      ...followers,
    ]
    // A done value also goes into the row, so sorting, filters, search and exports treat it like any column.
    await writeAiValues(
      { uploadId: this.field.uploadId, key: this.field.columnKey, values: values.map((v) => ({ rowIndex: v.rowIndex, display: displayValue(v.value) })) },
      tx,
    )
    // Formula columns of these rows follow the answers (one read of the columns when there are none).
    if (values.length > 0) await refreshFormulaValues({ uploadId: this.field.uploadId, rowIndexes: values.map((v) => v.rowIndex) }, tx)
    if (this.ownsAutoCells(outcomes)) {
      await recordEnrichedRows(tx, {
        userId: this.field.userId,
        uploadId: this.field.uploadId,
        rowIndexes: [...written.map((w) => Number(w.row_index)), ...followers.map((f) => f.rowIndex)],
      })
    }
    return { written, followers }
  }

  /** Rows that waited for a leader's answer get it; a failed leader hands its followers to the next of them. */
  private async settleFollowers(tx: QueueTransaction, doneLeaders: number[], failedLeaders: number[]) {
    let copied: Array<{ rowIndex: number; value: AiCellValue }> = []
    // Most runs have no repeated inputs: then there is nothing to look for (one query per slice).
    this.hasFollowers ??= (await queryRows(sql`SELECT 1 FROM ai_cells WHERE field_id = ${this.field.id} AND follows_row IS NOT NULL LIMIT 1`, tx)).length > 0
    if (!this.hasFollowers) return copied
    // Followers are found by their leader through ai_cells_follows_idx (a scan of the field's
    // queued cells per write took 150 ms a batch at 2,000 cells on PGlite).
    if (doneLeaders.length > 0) {
      const rows = await queryRows<{ row_index: number; value: AiCellValue | string }>(sql`
        UPDATE ai_cells AS f SET status = 'done', value = l.value, error = NULL, reasoning = l.reasoning, confidence = l.confidence,
          sources = l.sources, provider = l.provider, model = l.model, prompt_version = l.prompt_version, input_hash = l.input_hash,
          input_tokens = 0, output_tokens = 0, cached_tokens = NULL, credits = 0, latency_ms = 0, attempts = 0,
          own_key = l.own_key, reused = true, follows_row = NULL, lease_until = NULL, completed_at = now(), updated_at = now()
        FROM ai_cells AS l
        WHERE f.field_id = ${this.field.id} AND f.follows_row = ANY(${sqlArray(doneLeaders, 'int4')}) AND f.status = 'queued'
          AND l.field_id = ${this.field.id} AND l.row_index = f.follows_row
        RETURNING f.row_index, f.value`, tx)
      copied = rows.map((r) => ({ rowIndex: Number(r.row_index), value: parseJsonb(r.value) }))
    }
    if (failedLeaders.length > 0) {
      await tx.execute(sql`
        UPDATE ai_cells AS f SET follows_row = CASE WHEN f.row_index = n.next THEN NULL ELSE n.next END
        FROM (SELECT follows_row AS leader, min(row_index) AS next FROM ai_cells
              WHERE field_id = ${this.field.id} AND follows_row = ANY(${sqlArray(failedLeaders, 'int4')}) AND status = 'queued'
              GROUP BY follows_row) AS n
        WHERE f.field_id = ${this.field.id} AND f.follows_row = n.leader AND f.status = 'queued'`)
    }
    return copied
  }

  /**
   * Whether rows of these cells may owe a `row.enriched` event: an auto-queued cell among them, or
   * followers (which may be auto-queued behind a user's cell). Asked per write, no query.
   */
  private ownsAutoCells(outcomes: Outcome[]) {
    return outcomes.some((o) => o.auto) || this.hasFollowers === true
  }

  private async publishCells(cells: EventCell[]) {
    let batch: EventCell[] = []
    let bytes = 0
    const send = async () => {
      if (batch.length === 0) return
      await publish(this.field.userId, { type: 'cell.updated', uploadId: this.field.uploadId, fieldId: this.field.id, columnKey: this.field.columnKey, cells: batch })
      batch = []
      bytes = 0
    }
    for (const cell of cells) {
      const size = JSON.stringify(cell).length + 8
      if (bytes + size > EVENT_BYTES) await send()
      batch.push(cell)
      bytes += size
    }
    await send()
  }
}
