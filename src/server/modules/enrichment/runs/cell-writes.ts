import type { AiCellStatus, AiCellValue } from '#common/schemas/enrichment'
import { db } from '#server/db/client'
import { retryOnDeadlock } from '#server/db/deadlock-retry'
import { writeAiValues } from '#server/modules/row-storage/row-cells'
import { hasFollowerCells, settleFollowerCells, writeCellOutcomes, type CellOutcomeRecord } from '#server/modules/row-storage/ai-cells'
import { refreshFormulaValues } from '#server/modules/columns/formula-columns'
import { publish } from '#server/platform/events'
import type { AiFieldRow } from '#server/db/schema/index'
import { displayValue } from '#server/modules/ai/ai-output'
import type { CellSource } from './cell-source.ts'
import { rowValuesOf } from './row-values.ts'
import { parseJsonb, type Outcome } from './outcomes.ts'
import { refundCells } from './payment.ts'
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
    private readonly source: CellSource,
  ) {}

  /** Writes the outcomes; answers the cells written (with followers) and the refunds made. */
  async write(outcomes: Outcome[]): Promise<{ written: number; refunds: number }> {
    const records: CellOutcomeRecord[] = outcomes.map((o) => ({
      row_index: o.rowIndex,
      claim_token: o.claimToken,
      status: o.status,
      value: o.value,
      error: o.error,
      reasoning: o.reasoning,
      confidence: o.confidence,
      sources: o.sources,
      steps: o.steps,
      input_tokens: o.tokens.input,
      output_tokens: o.tokens.output,
      cached_tokens: o.tokens.cached,
      credits: o.credits,
      latency_ms: o.latencyMs,
      attempts: o.attempts,
      reused: o.reused,
      input_hash: o.inputHash || null,
    }))
    // The cells, their rows' values and formula columns, the refunds of the cells that failed
    // (with what they took of the budget or the cap), and the `row.enriched` events their rows now
    // owe are one transaction: a crash keeps all of them or none (the cells run again, uncharged).
    const { written, followers, refunds } = await retryOnDeadlock(() => db.transaction(async (tx) => {
      const cells = await this.writeCells(tx, records, outcomes)
      const writtenRows = new Set(cells.written.map((w) => Number(w.row_index)))
      const failed = outcomes.filter((o) => o.charged && o.status !== 'done' && writtenRows.has(o.rowIndex))
      return { ...cells, refunds: await refundCells(tx, this.field, this.source.perCell, failed) }
    }))
    const byRow = new Map(outcomes.map((o) => [o.rowIndex, o]))
    const cells: EventCell[] = [
      ...written.map((w) => {
        const rowIndex = Number(w.row_index)
        const display = w.status === 'done' ? this.displayOf(parseJsonb(w.value)) : null
        return { rowIndex, status: w.status, display: display?.slice(0, EVENT_DISPLAY_CHARS) ?? null, error: byRow.get(rowIndex)?.error ?? null }
      }),
      ...followers.map((f) => ({ rowIndex: f.rowIndex, status: 'done' as const, display: this.displayOf(f.value).slice(0, EVENT_DISPLAY_CHARS), error: null })),
    ]
    await this.publishCells(cells)
    return { written: written.length + followers.length, refunds }
  }

  /** The batch's cells and what follows from them in the rows, in the caller's transaction. */
  private async writeCells(tx: QueueTransaction, records: CellOutcomeRecord[], outcomes: Outcome[]) {
    const written = await writeCellOutcomes(tx, {
      fieldId: this.field.id,
      provider: this.source.provider,
      model: this.source.model,
      promptVersion: this.field.promptVersion,
      ownKey: this.source.ownKey,
      records,
    })
    const doneLeaders = written.filter((w) => w.status === 'done').map((w) => Number(w.row_index))
    const failedLeaders = written.filter((w) => w.status !== 'done').map((w) => Number(w.row_index))
    const followers = await this.settleFollowers(tx, doneLeaders, failedLeaders)
    const values = [
      ...written.filter((w) => w.status === 'done').map((w) => ({ rowIndex: Number(w.row_index), value: parseJsonb(w.value) })),
      ...followers,
    ]
    // A done value also goes into the row, so sorting, filters, search and exports treat it like
    // any column (an HTTP request's further values into their own columns).
    for (const [key, displays] of rowValuesOf(this.field, values)) {
      await writeAiValues({ uploadId: this.field.uploadId, key, values: displays }, tx)
    }
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

  /** The field's own column's display of a cell's value. */
  private displayOf(value: AiCellValue) {
    return rowValuesOf(this.field, [{ rowIndex: 0, value }]).get(this.field.columnKey)?.[0]?.display ?? displayValue(value)
  }

  /** Rows that waited for a leader's answer get it; a failed leader hands its followers to the next of them. */
  private async settleFollowers(tx: QueueTransaction, doneLeaders: number[], failedLeaders: number[]) {
    // Most runs have no repeated inputs: then there is nothing to look for (one query per slice).
    this.hasFollowers ??= await hasFollowerCells(tx, this.field.id)
    if (!this.hasFollowers) return []
    const copied = await settleFollowerCells(tx, { fieldId: this.field.id, doneLeaders, failedLeaders })
    return copied.map((r) => ({ rowIndex: Number(r.row_index), value: parseJsonb(r.value) as AiCellValue }))
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
