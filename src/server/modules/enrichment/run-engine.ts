import { and, eq, sql } from 'drizzle-orm'
import { AI } from '#common/constants'
import { AI_FIELD_MESSAGES } from '#common/messages'
import type { AiCellStatus, AiCellValue, AiTokenUsage } from '#common/schemas/enrichment'
import { db, driver } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { aiCells, aiFields, uploadColumns } from '#server/db/schema/index'
import { env } from '#server/env'
import { AI_CELL_REFUND_REASON, consumeCreditsBatch, refundCredits } from '#server/modules/billing/credits.service'
import { storesSearchText } from '#server/modules/row-storage/row-writer'
import { AppError } from '#server/platform/app-error'
import { publish } from '#server/platform/events'
import { logger } from '#server/platform/logger'
import { creditsPerCell, inputColumnsOf, publishProgress, type AiFieldRow } from './ai-fields.service.ts'
import { displayValue } from '#server/modules/ai/ai-output'
import { inputHashSql, intArray } from './lib/cell-sql.ts'
import { buildFixedPart, buildRowPart, type PromptColumn } from './lib/render-prompt.ts'
import { resolveAiCredentials, type AiCredentials } from '#server/modules/ai/ai-credentials'
import { callModel, type ModelCallResult } from '#server/modules/ai/call-model'
import { recordWebhookEvent } from '#server/modules/webhooks/webhooks.service'
import type { QueueTransaction } from '#server/platform/queue'

/**
 * The run engine (issue 12 §6-7). A worker takes a field's queued cells in small batches (SKIP
 * LOCKED, so several workers split them), pays for them in one ledger transaction, calls the
 * provider within the account's concurrency and rate limits, and writes results back in batches:
 * the cell, the row's value, the events. A claimed cell carries a lease its worker renews; a
 * stopped worker's cells are taken again when it runs out. Charges are keyed by cell and run, so a
 * cell taken again is not charged again; a cell that fails is refunded.
 */

export const engineTuning = {
  /**
   * A running cell's lease; its worker renews it every third of it while the call is out. A
   * killed worker's cells are taken again when it ends, so this is how long a crash delays them.
   */
  leaseMs: 20_000,
  /** A job with nothing to claim waits this long between looks at cells other workers hold. */
  idleLookMs: 1_000,
  /** A job hands over to a fresh one after this long (pg-boss expires long jobs). */
  sliceMs: 4 * 60_000,
  flushMs: 100,
  flushCells: 256,
  /** Progress events carry the field's counts (a count over its cells): once a second is plenty for the banner. */
  progressEveryMs: 1_000,
  /** A run whose workers were silent this long gets new ones (restart, lost job). */
  silentRunMs: 90_000,
}

type ReusedAnswer = { value: AiCellValue; reasoning: string | null; confidence: number | null; sources: string[] }

/** A cell this job claimed, with its row's values and an earlier answer for the same inputs, if any. */
type ClaimedCell = {
  rowIndex: number
  chargeSeq: number
  claimToken: number
  data: Record<string, string>
  inputHash: string
  reused: ReusedAnswer | null
}

type ClaimRow = {
  row_index: number
  charge_seq: number
  claim_token: number
  data: Record<string, string> | string
  input_hash: string
  reusable: boolean
  reused_value: AiCellValue | string
  reused_reasoning: string | null
  reused_confidence: number | null
  reused_sources: string[] | string | null
}

type Outcome = {
  rowIndex: number
  claimToken: number
  chargeSeq: number
  status: Extract<AiCellStatus, 'done' | 'error' | 'no_credits' | 'cancelled'>
  value: AiCellValue
  error: string | null
  reasoning: string | null
  confidence: number | null
  sources: string[]
  tokens: AiTokenUsage
  credits: number
  latencyMs: number
  attempts: number
  reused: boolean
  inputHash: string
  /** Paid in the ledger and to be refunded when the cell did not end done. */
  charged: boolean
}

const chargeKey = (fieldId: string, rowIndex: number, chargeSeq: number) => `ai:${fieldId}:${rowIndex}:${chargeSeq}`

/** A run's ledger reference: the field and its run number. */
export const runReference = (field: Pick<AiFieldRow, 'id' | 'runSeq'>) => `${field.id}:${field.runSeq}`

const NO_TOKENS: AiTokenUsage = { input: 0, output: 0, cached: null }

/**
 * A cell's outcome: what is given, and otherwise no value, no call, no charge. Every way a cell
 * ends (answered, reused, failed, refused) is built here.
 */
function outcomeOf(cell: ClaimedCell, given: Pick<Outcome, 'status'> & Partial<Outcome>): Outcome {
  return {
    rowIndex: cell.rowIndex,
    claimToken: cell.claimToken,
    chargeSeq: cell.chargeSeq,
    value: null,
    error: null,
    reasoning: null,
    confidence: null,
    sources: [],
    tokens: NO_TOKENS,
    credits: 0,
    latencyMs: 0,
    attempts: 0,
    reused: false,
    inputHash: cell.inputHash,
    charged: false,
    ...given,
  }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Cuts a cell's text for events (the full value is read through the rows API). */
const EVENT_DISPLAY_CHARS = 300
/** pg_notify takes up to 8000 bytes; a batch of cells is split to stay well under it. */
const EVENT_BYTES = 6000

class FieldRun {
  private readonly buffer: Outcome[] = []
  private readonly inFlight = new Map<number, Promise<void>>()
  /** Ends the loop's wait when a cell in flight ends (one waiter, not a race over every cell). */
  private wake: (() => void) | null = null
  /** A cell's processing threw (a bug, not a provider error): the slice ends with it. */
  private failure: unknown = null
  /** Same inputs in flight in this process: one call, every waiting cell gets its answer. */
  private readonly calls = new Map<string, Promise<ModelCallResult>>()
  private lastFlush = Date.now()
  private lastProgress = 0
  private lastLeaseRenewal = Date.now()
  private stopClaiming = false
  /** Refunds this job wrote: a run short of credits claims again when one comes back. */
  private refundsWritten = 0
  /**
   * The balance refused cells while charged cells were still out: their refunds may pay for more
   * (issue 23 §2). Holds the refund count at that moment; the job claims again when it grows, or
   * when nothing of its own is left out.
   */
  private shortOfCredits: { refundsSeen: number } | null = null
  /** Whether the run has rows waiting on another row's answer; asked once, when first needed. */
  private hasFollowers: boolean | undefined
  /** Cells this job wrote (its own and their followers), for the logs. */
  written = 0
  private readonly perCell: number

  constructor(
    private readonly field: AiFieldRow,
    private readonly credentials: AiCredentials,
    private readonly inputs: PromptColumn[],
    private readonly fixedPart: string,
    /** Whether the field has answers for this prompt version and model to look up inputs in. */
    private readonly mayReuse: boolean,
  ) {
    this.perCell = credentials.ownKey ? 0 : creditsPerCell(field.webSearch)
  }

  /**
   * Runs until no cell is left to claim, the run stops, or the slice ends. Returns whether work may remain.
   * The job keeps as many cells again as its concurrency waiting for a slot (a claim may take a
   * whole call's latency on a busy database), and claims when at least half the concurrency is
   * missing: slots never wait on a claim, and each claim (one statement and one ledger
   * transaction) pays for many cells. Finished cells are written by a loop of their own, so a
   * slow write never holds up the next claim. A pause lets the claimed cells finish.
   */
  async run(deadline: number): Promise<boolean> {
    await this.reclaimExpiredLeases()
    let claiming = true
    const writer = this.writeLoop(() => claiming).catch((error: unknown) => {
      this.failure ??= error
    })
    try {
      await this.claimLoop(deadline)
      await Promise.all(this.inFlight.values())
    } finally {
      claiming = false
      await writer
    }
    await this.flush(true)
    if (this.failure) throw this.failure
    return Date.now() >= deadline
  }

  private async claimLoop(deadline: number) {
    const concurrency = env.AI_CONCURRENCY
    const target = concurrency * 2
    const batchFloor = Math.max(1, Math.floor(concurrency / 2))
    while (!this.stopClaiming && Date.now() < deadline) {
      if (this.failure) throw this.failure
      const missing = target - this.inFlight.size
      const want = this.mayClaim() && (this.inFlight.size === 0 || missing >= batchFloor) ? Math.min(missing, AI.claimBatchSize) : 0
      const claimed = want > 0 ? await this.claim(want) : []
      if (claimed.length > 0) {
        await this.start(claimed)
        // Refused, with only other workers' cells left to refund: look again in a while, not at once.
        if (this.shortOfCredits && this.inFlight.size === 0 && this.buffer.length === 0) await sleep(engineTuning.idleLookMs)
      } else if (this.inFlight.size === 0 && this.buffer.length === 0) {
        // Cells other workers hold end done, or their lease runs out (a killed process) and this
        // job takes them: waiting here is what finishes a crashed worker's cells within a lease.
        if (!(await this.othersHoldCells())) break
        await sleep(engineTuning.idleLookMs)
        await this.reclaimExpiredLeases()
        continue
      }
      if (claimed.length === 0 || target - this.inFlight.size < batchFloor) await this.cellEndedOr(engineTuning.flushMs)
    }
  }

  /** Short of credits, the job waits for a refund, or for its own cells to end, before it asks the balance again. */
  private mayClaim() {
    if (!this.shortOfCredits) return true
    return this.refundsWritten > this.shortOfCredits.refundsSeen || (this.inFlight.size === 0 && this.buffer.length === 0)
  }

  /** Writes finished cells every `flushMs` (sooner when many wait) while the job claims. */
  private async writeLoop(isClaiming: () => boolean) {
    while (isClaiming()) {
      const waited = Date.now() - this.lastFlush
      if (waited < engineTuning.flushMs && this.buffer.length < engineTuning.flushCells) {
        await sleep(Math.min(engineTuning.flushMs - waited, 20))
        continue
      }
      await this.flush()
    }
  }

  private cellEndedOr(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.wake?.(), ms)
      this.wake = () => {
        this.wake = null
        clearTimeout(timer)
        resolve()
      }
    })
  }

  /** Cells whose worker stopped: their lease ran out, any worker may take them. */
  private async reclaimExpiredLeases() {
    await db.execute(sql`
      UPDATE ai_cells SET status = 'queued', lease_until = NULL, updated_at = now()
      WHERE field_id = ${this.field.id} AND status = 'running' AND lease_until < now()`)
  }

  private async othersHoldCells() {
    const rows = await queryRows(sql`SELECT 1 FROM ai_cells WHERE field_id = ${this.field.id} AND status = 'running' LIMIT 1`)
    return rows.length > 0
  }

  /**
   * Claims queued cells and reads, in the same statement, their rows' values, the hash of their
   * inputs and an answer this field already has for those inputs (same prompt version and model).
   */
  private async claim(limit: number): Promise<ClaimedCell[]> {
    // The pick is materialised once: as a subquery in FROM, the planner may run it again for
    // each row it joins, and SKIP LOCKED then hands over a new batch every time.
    const rows = await queryRows<ClaimRow>(sql`
      WITH pick AS MATERIALIZED (
        SELECT row_index FROM ai_cells
        WHERE field_id = ${this.field.id} AND status = 'queued' AND follows_row IS NULL
          AND EXISTS (SELECT 1 FROM ai_fields WHERE id = ${this.field.id} AND status = 'processing')
        ORDER BY row_index LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ), claimed AS (
        UPDATE ai_cells AS c
        SET status = 'running', claim_token = c.claim_token + 1, updated_at = now(),
            lease_until = now() + ${`${engineTuning.leaseMs} milliseconds`}::interval
        FROM pick
        WHERE c.field_id = ${this.field.id} AND c.row_index = pick.row_index
        RETURNING c.row_index, c.charge_seq, c.claim_token
      ), inputs AS (
        SELECT k.row_index, k.charge_seq, k.claim_token, r.data, ${inputHashSql(this.inputs.map((c) => c.key))} AS input_hash
        FROM claimed AS k JOIN csv_rows AS r ON r.upload_id = ${this.field.uploadId} AND r.row_index = k.row_index
      )
      ${
        this.mayReuse
          ? sql`SELECT i.*, d.value AS reused_value, d.reasoning AS reused_reasoning, d.confidence AS reused_confidence,
              d.sources AS reused_sources, d.row_index IS NOT NULL AS reusable
            FROM inputs AS i
            LEFT JOIN LATERAL (
              SELECT row_index, value, reasoning, confidence, sources FROM ai_cells
              WHERE field_id = ${this.field.id} AND input_hash = i.input_hash AND status = 'done'
                AND prompt_version = ${this.field.promptVersion} AND model = ${this.credentials.model}
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
      reused: r.reusable
        ? { value: parseJsonb(r.reused_value), reasoning: r.reused_reasoning, confidence: r.reused_confidence, sources: parseJsonb(r.reused_sources) ?? [] }
        : null,
    }))
  }

  private async start(claimed: ClaimedCell[]) {
    const toCall: ClaimedCell[] = []
    for (const cell of claimed) {
      if (cell.reused) this.buffer.push(outcomeOf(cell, { status: 'done', ...cell.reused, reused: true }))
      else toCall.push(cell)
    }
    const paid = await this.pay(toCall)
    for (const cell of paid) {
      const task = this.process(cell)
        .catch((error: unknown) => {
          this.failure ??= error
        })
        .finally(() => {
          this.inFlight.delete(cell.rowIndex)
          this.wake?.()
        })
      this.inFlight.set(cell.rowIndex, task)
    }
  }

  /**
   * Pays for the cells about to be called: the run's budget first, then the ledger, one
   * transaction for the batch. Cells past the budget or the balance stop the run.
   */
  private async pay(cells: ClaimedCell[]): Promise<ClaimedCell[]> {
    if (this.perCell === 0 || cells.length === 0) return cells
    const want = cells.length * this.perCell
    const [granted] = await queryRows<{ granted: number }>(sql`
      WITH old AS (SELECT run_credits_spent AS spent, run_budget AS budget FROM ai_fields WHERE id = ${this.field.id} FOR UPDATE)
      UPDATE ai_fields AS f SET run_credits_spent = LEAST(COALESCE(old.budget, 2147483647), old.spent + ${want})
      FROM old WHERE f.id = ${this.field.id}
      RETURNING f.run_credits_spent - old.spent AS granted`)
    const withinBudget = cells.slice(0, Math.floor(Number(granted?.granted ?? 0) / this.perCell))
    const overBudget = cells.slice(withinBudget.length)
    const keys = new Map(withinBudget.map((c) => [chargeKey(this.field.id, c.rowIndex, c.chargeSeq), c]))
    const result = await consumeCreditsBatch({
      userId: this.field.userId,
      operation: this.field.webSearch ? 'ai_enrichment_advanced' : 'ai_enrichment_basic',
      amountEach: this.perCell,
      idempotencyKeys: [...keys.keys()],
      // The run, so the usage history shows it as one entry (a field's next run is another).
      reference: runReference(this.field),
    })
    const refused = result.refused.map((key) => keys.get(key)!)
    const paidKeys = new Set(result.charged)
    const paid = withinBudget.filter((c) => paidKeys.has(chargeKey(this.field.id, c.rowIndex, c.chargeSeq)))
    if (refused.length > 0) await this.giveBackBudget(refused.length * this.perCell)
    this.shortOfCredits = null
    if (refused.length > 0 && (await this.refundsMayCome(refused, paid.length))) {
      // Cells charged and still out may fail and be refunded: the refused cells wait in the queue
      // for those credits instead of ending 'Insufficient credits' beside a balance that pays them.
      await this.requeue(refused)
      this.shortOfCredits = { refundsSeen: this.refundsWritten }
      if (overBudget.length > 0) await this.requeue(overBudget)
      return paid
    }
    for (const cell of refused) this.buffer.push(outcomeOf(cell, { status: 'no_credits', error: AI_FIELD_MESSAGES.insufficientCreditsCell }))
    for (const cell of overBudget) this.buffer.push(outcomeOf(cell, { status: 'cancelled', error: AI_FIELD_MESSAGES.budgetReached }))
    if (refused.length > 0) await this.stopRun('no_credits')
    else if (overBudget.length > 0) await this.stopRun('budget')
    return paid
  }

  /**
   * Whether credits may still come back to this run: cells charged and not yet written (this
   * job's, including those just paid for) or cells other workers hold. The refused cells are
   * still 'running' under this job's claim: they are left out of the look at other workers.
   */
  private async refundsMayCome(refused: ClaimedCell[], justPaid: number) {
    if (justPaid > 0 || this.inFlight.size > 0 || this.buffer.some((o) => o.charged && o.status !== 'done')) return true
    const rows = await queryRows(sql`
      SELECT 1 FROM ai_cells WHERE field_id = ${this.field.id} AND status = 'running'
        AND NOT (row_index = ANY(${intArray(refused.map((c) => c.rowIndex))})) LIMIT 1`)
    return rows.length > 0
  }

  /** Gives claimed cells back to the queue, unpaid (they are claimed and charged again later). */
  private async requeue(cells: ClaimedCell[]) {
    await db.execute(sql`
      UPDATE ai_cells AS c SET status = 'queued', lease_until = NULL, updated_at = now()
      FROM unnest(${intArray(cells.map((x) => x.rowIndex))}, ${intArray(cells.map((x) => x.claimToken))}) AS x(row_index, claim_token)
      WHERE c.field_id = ${this.field.id} AND c.row_index = x.row_index AND c.claim_token = x.claim_token AND c.status = 'running'`)
  }

  private async giveBackBudget(credits: number) {
    if (credits <= 0) return
    await db.execute(sql`UPDATE ai_fields SET run_credits_spent = GREATEST(0, run_credits_spent - ${credits}) WHERE id = ${this.field.id}`)
  }

  /**
   * The balance or the budget is spent: the cells still queued will not be paid for. Out of
   * credits they show 'Add credits'; past the budget they are cancelled.
   */
  private async stopRun(reason: 'no_credits' | 'budget') {
    this.stopClaiming = true
    await db.transaction(async (tx) => {
      await tx
        .update(aiCells)
        .set({
          status: reason === 'no_credits' ? 'no_credits' : 'cancelled',
          error: reason === 'no_credits' ? AI_FIELD_MESSAGES.insufficientCreditsCell : AI_FIELD_MESSAGES.budgetReached,
          followsRow: null,
          updatedAt: new Date(),
        })
        .where(and(eq(aiCells.fieldId, this.field.id), eq(aiCells.status, 'queued')))
      await tx.update(aiFields).set({ runStopReason: reason, updatedAt: new Date() }).where(eq(aiFields.id, this.field.id))
    })
    logger.info({ event: 'enrichment.run.stopped', fieldId: this.field.id, reason })
  }

  private async process(cell: ClaimedCell) {
    const hash = cell.inputHash
    let call = this.calls.get(hash)
    const isFirst = !call
    if (!call) {
      call = callModel({ credentials: this.credentials, fixedPart: this.fixedPart, rowPart: buildRowPart(this.inputs, cell.data), outputType: this.field.outputType })
      this.calls.set(hash, call)
      void call.finally(() => this.calls.delete(hash))
    }
    const result = await call
    const charged = this.perCell > 0
    if (!result.ok) {
      this.buffer.push(outcomeOf(cell, { status: 'error', error: result.error, tokens: result.tokens, attempts: result.calls, charged }))
      return
    }
    this.buffer.push(
      outcomeOf(cell, {
        status: 'done',
        value: result.answer.value,
        reasoning: result.answer.reasoning,
        confidence: result.answer.confidence,
        sources: result.sources,
        credits: this.perCell,
        charged,
        // A cell that shared another's call is charged, but the call's figures are the other's.
        ...(isFirst ? { tokens: result.tokens, latencyMs: result.latencyMs, attempts: result.calls } : { reused: true }),
      }),
    )
  }

  /** Writes finished cells, their rows' values, refunds and events; renews the leases of cells in flight. */
  private async flush(final = false) {
    this.lastFlush = Date.now()
    const outcomes = this.buffer.splice(0)
    if (outcomes.length > 0) await this.write(outcomes)
    if (final || Date.now() - this.lastLeaseRenewal > engineTuning.leaseMs / 3) await this.renewLeases()
    if (final || (outcomes.length > 0 && Date.now() - this.lastProgress >= engineTuning.progressEveryMs)) {
      this.lastProgress = Date.now()
      const [row] = await db.select().from(aiFields).where(eq(aiFields.id, this.field.id))
      if (!row) {
        this.stopClaiming = true
        return
      }
      if (row.status !== 'processing') this.stopClaiming = true
      await publishProgress(row)
    }
  }

  private async renewLeases() {
    this.lastLeaseRenewal = Date.now()
    const [row] = await queryRows<{ status: string }>(sql`
      UPDATE ai_fields SET run_heartbeat_at = now() WHERE id = ${this.field.id} RETURNING status`)
    if (!row || row.status !== 'processing') this.stopClaiming = true
    if (this.inFlight.size === 0) return
    await db.execute(sql`
      UPDATE ai_cells SET lease_until = now() + ${`${engineTuning.leaseMs} milliseconds`}::interval
      WHERE field_id = ${this.field.id} AND status = 'running' AND row_index = ANY(${intArray([...this.inFlight.keys()])})`)
  }

  private async write(outcomes: Outcome[]) {
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
      RETURNING c.row_index, c.status, c.value`)
    const writtenRows = new Set(written.map((w) => Number(w.row_index)))
    this.written += written.length
    const doneLeaders = written.filter((w) => w.status === 'done').map((w) => Number(w.row_index))
    const failedLeaders = written.filter((w) => w.status !== 'done').map((w) => Number(w.row_index))
    const followers = await this.settleFollowers(doneLeaders, failedLeaders)
    const values = [
      ...written.filter((w) => w.status === 'done').map((w) => ({ rowIndex: Number(w.row_index), value: parseJsonb(w.value) })),
      ...followers,
    ]
    this.written += followers.length
    await this.writeRowValues(values)
    const refunds = outcomes.filter((o) => o.charged && o.status !== 'done' && writtenRows.has(o.rowIndex))
    for (const outcome of refunds) {
      await refundCredits({ userId: this.field.userId, idempotencyKey: chargeKey(this.field.id, outcome.rowIndex, outcome.chargeSeq), reason: AI_CELL_REFUND_REASON })
    }
    this.refundsWritten += refunds.length
    await this.giveBackBudget(refunds.length * this.perCell)
    const byRow = new Map(outcomes.map((o) => [o.rowIndex, o]))
    const cells = [
      ...written.map((w) => {
        const rowIndex = Number(w.row_index)
        const display = w.status === 'done' ? displayValue(parseJsonb(w.value)) : null
        return { rowIndex, status: w.status, display: display?.slice(0, EVENT_DISPLAY_CHARS) ?? null, error: byRow.get(rowIndex)?.error ?? null }
      }),
      ...followers.map((f) => ({ rowIndex: f.rowIndex, status: 'done' as const, display: displayValue(f.value).slice(0, EVENT_DISPLAY_CHARS), error: null })),
    ]
    await this.publishCells(cells)
  }

  /** Rows that waited for a leader's answer get it; a failed leader hands its followers to the next of them. */
  private async settleFollowers(doneLeaders: number[], failedLeaders: number[]) {
    let copied: Array<{ rowIndex: number; value: AiCellValue }> = []
    // Most runs have no repeated inputs: then there is nothing to look for (one query per slice).
    this.hasFollowers ??= (await queryRows(sql`SELECT 1 FROM ai_cells WHERE field_id = ${this.field.id} AND follows_row IS NOT NULL LIMIT 1`)).length > 0
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
        WHERE f.field_id = ${this.field.id} AND f.follows_row = ANY(${intArray(doneLeaders)}) AND f.status = 'queued'
          AND l.field_id = ${this.field.id} AND l.row_index = f.follows_row
        RETURNING f.row_index, f.value`)
      copied = rows.map((r) => ({ rowIndex: Number(r.row_index), value: parseJsonb(r.value) }))
    }
    if (failedLeaders.length > 0) {
      await db.execute(sql`
        UPDATE ai_cells AS f SET follows_row = CASE WHEN f.row_index = n.next THEN NULL ELSE n.next END
        FROM (SELECT follows_row AS leader, min(row_index) AS next FROM ai_cells
              WHERE field_id = ${this.field.id} AND follows_row = ANY(${intArray(failedLeaders)}) AND status = 'queued'
              GROUP BY follows_row) AS n
        WHERE f.field_id = ${this.field.id} AND f.follows_row = n.leader AND f.status = 'queued'`)
    }
    return copied
  }

  /** A done value also goes into the row, so sorting, filters, search and exports treat it like any column. */
  private async writeRowValues(values: Array<{ rowIndex: number; value: AiCellValue }>) {
    if (values.length === 0) return
    const key = this.field.columnKey
    const records = JSON.stringify(values.map((v) => ({ row_index: v.rowIndex, display: displayValue(v.value) })))
    const change = sql`CASE WHEN x.display = '' THEN r.data - ${key}::text ELSE r.data || jsonb_build_object(${key}::text, x.display) END`
    const searchText = storesSearchText() ? sql`, search_text = rowcraft_row_text(${change})` : sql``
    await db.execute(sql`
      UPDATE csv_rows AS r SET data = ${change}, updated_at = now()${searchText}
      FROM jsonb_to_recordset(${records}::jsonb) AS x(row_index integer, display text)
      WHERE r.upload_id = ${this.field.uploadId} AND r.row_index = x.row_index`)
  }

  private async publishCells(cells: Array<{ rowIndex: number; status: AiCellStatus; display: string | null; error: string | null }>) {
    let batch: typeof cells = []
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

/** How JSON text can start: any other string is a plain text answer, which JSON.parse would only throw on. */
const JSON_START = /^\s*(?:[{["\d-]|true|false|null)/

function parseJsonb<T>(value: T | string): T {
  // A thrown SyntaxError per text cell was a measurable share of a busy worker's CPU.
  if (typeof value !== 'string' || !JSON_START.test(value)) return value as T
  try {
    return JSON.parse(value) as T
  } catch {
    return value as T
  }
}

/** Marks the run's queued cells failed with a message (no provider configured, key removed). */
async function failQueuedCells(field: AiFieldRow, message: string) {
  await db
    .update(aiCells)
    .set({ status: 'error', error: message, followsRow: null, updatedAt: new Date() })
    .where(and(eq(aiCells.fieldId, field.id), eq(aiCells.status, 'queued')))
}

/**
 * Ends a run once none of its cells is queued or running; only one worker gets to do it. The run
 * ends with its webhook event in one transaction: if recording the event fails, the run is still
 * going, the job fails, and its retry ends the run again (decision 020).
 */
export async function finishRunIfDone(fieldId: string) {
  const row = await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(aiFields)
      .set({ status: 'completed', runFinishedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(aiFields.id, fieldId),
          eq(aiFields.status, 'processing'),
          sql`NOT EXISTS (SELECT 1 FROM ai_cells WHERE field_id = ${fieldId} AND status IN ('queued', 'running'))`,
        ),
      )
      .returning()
    if (ended) await recordRunWebhook(tx, ended)
    return ended
  })
  if (!row) return false
  logger.info({ event: 'enrichment.run.done', fieldId, credits: row.runCreditsSpent })
  await publishProgress(row)
  return true
}

/**
 * `ai_run.completed` with the field's cell counts and the run's credits, or `ai_run.failed` when
 * the run ended without one cell done and with errors (no provider, a rejected key).
 */
async function recordRunWebhook(tx: QueueTransaction, field: AiFieldRow) {
  const rows = await tx
    .select({ status: aiCells.status, n: sql<number>`count(*)::int` })
    .from(aiCells)
    .where(eq(aiCells.fieldId, field.id))
    .groupBy(aiCells.status)
  const [column] = await tx
    .select({ name: uploadColumns.name })
    .from(uploadColumns)
    .where(and(eq(uploadColumns.uploadId, field.uploadId), eq(uploadColumns.key, field.columnKey)))
  const countOf = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0)
  const counts = { done: countOf('done'), errors: countOf('error'), no_credits: countOf('no_credits'), cancelled: countOf('cancelled') }
  await recordWebhookEvent(tx, {
    userId: field.userId,
    type: counts.done === 0 && counts.errors > 0 ? 'ai_run.failed' : 'ai_run.completed',
    data: {
      upload_id: field.uploadId,
      field_id: field.id,
      field_name: column?.name ?? null,
      counts,
      credits_spent: field.runCreditsSpent,
      stop_reason: field.runStopReason,
      started_at: field.runStartedAt?.toISOString() ?? null,
      finished_at: field.runFinishedAt?.toISOString() ?? null,
    },
  })
}

/**
 * One job's share of a run: works until the field has nothing left to claim, then finishes the
 * run if it was the last. Returns 'continue' when its time slice ended with work left.
 */
export async function runFieldSlice({ fieldId, mayPassOn = false }: { fieldId: string; mayPassOn?: boolean }): Promise<'continue' | 'idle' | 'busy-here'> {
  // A process already working on this field shares its provider slots with a second job; another
  // worker process may have all of its own free, so the job is passed on first (while it may be).
  // PGlite is one process: there is no other to pass to.
  const here = slicesRunningHere.get(fieldId) ?? 0
  // A second job here would add claims and ledger transactions, not calls: the job already
  // running keeps this process's slots full. The job is dropped once it has been passed on enough.
  if (here > 0) return mayPassOn && driver.kind === 'pg' ? 'busy-here' : 'idle'
  slicesRunningHere.set(fieldId, here + 1)
  try {
    return await runSliceOf(fieldId)
  } finally {
    const left = (slicesRunningHere.get(fieldId) ?? 1) - 1
    if (left > 0) slicesRunningHere.set(fieldId, left)
    else slicesRunningHere.delete(fieldId)
  }
}

const slicesRunningHere = new Map<string, number>()

async function runSliceOf(fieldId: string): Promise<'continue' | 'idle'> {
  const [field] = await db.select().from(aiFields).where(eq(aiFields.id, fieldId))
  if (!field || field.status !== 'processing') return 'idle'
  let credentials: AiCredentials
  try {
    credentials = await resolveAiCredentials({ userId: field.userId, webSearch: field.webSearch })
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    await failQueuedCells(field, error.message)
    await finishRunIfDone(field.id)
    return 'idle'
  }
  const inputs = await inputColumnsOf(field)
  const fixedPart = buildFixedPart({ template: field.prompt, outputType: field.outputType, columns: inputs, webSearch: field.webSearch })
  // The first run of a prompt has no earlier answers: its claims skip the lookup (repeated inputs
  // within a run follow their first row instead).
  const earlier = await queryRows(sql`
    SELECT 1 FROM ai_cells WHERE field_id = ${field.id} AND status = 'done'
      AND prompt_version = ${field.promptVersion} AND model = ${credentials.model} LIMIT 1`)
  const run = new FieldRun(field, credentials, inputs, fixedPart, earlier.length > 0)
  const sliceEnded = await run.run(Date.now() + engineTuning.sliceMs)
  logger.info({ event: 'enrichment.slice.done', fieldId: field.id, cells: run.written, sliceEnded })
  if (sliceEnded) return 'continue'
  // Cells may still be running elsewhere; the worker that ends the last one finishes the run.
  await finishRunIfDone(field.id)
  const [left] = await queryRows<{ n: number | string }>(
    sql`SELECT count(*) AS n FROM ai_cells WHERE field_id = ${field.id} AND status = 'queued' AND follows_row IS NULL`,
  )
  return Number(left?.n ?? 0) > 0 ? 'continue' : 'idle'
}

/**
 * Runs left without workers (a restart, a lost job) get new ones. With PGlite everything runs in
 * this one process, so at start every 'running' cell was left by the previous process.
 */
export async function findSilentRuns({ atStartup }: { atStartup: boolean }): Promise<Array<{ id: string; runTotal: number }>> {
  if (atStartup && storesSearchText()) {
    await db.execute(sql`UPDATE ai_cells SET status = 'queued', lease_until = NULL WHERE status = 'running'`)
  }
  const rows = await db
    .select({ id: aiFields.id, runTotal: aiFields.runTotal })
    .from(aiFields)
    .where(
      and(
        eq(aiFields.status, 'processing'),
        atStartup && storesSearchText()
          ? undefined
          : sql`(${aiFields.runHeartbeatAt} IS NULL OR ${aiFields.runHeartbeatAt} < now() - ${`${engineTuning.silentRunMs} milliseconds`}::interval)`,
      ),
    )
  return rows
}
