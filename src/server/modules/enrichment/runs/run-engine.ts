import type { AiFieldRow } from '#server/db/schema/index'
import { eq } from 'drizzle-orm'
import { AI } from '#common/constants'
import { AI_FIELD_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { aiFields } from '#server/db/schema/index'
import { publishProgress } from '../ai-fields.service.ts'
import type { CellSource, SourceAnswer, UnpaidStop } from './cell-source.ts'
import { CellWriter } from './cell-writes.ts'
import { claimCells, hasRunningCells, renewLeases } from './claims.ts'
import { reclaimExpiredLeases, requeueCells } from '#server/modules/row-storage/ai-cells'
import { outcomeOf, type ClaimedCell, type Outcome } from './outcomes.ts'
import { payForCells } from './payment.ts'
import { engineTuning } from './tuning.ts'
import { pauseAutoRuns } from './auto-cap.ts'
import { pauseRunWithoutAccess, stopUnpaidRun } from './run-stops.ts'
import { hasPaidAccessNow } from '#server/modules/billing/payment-gate'

/**
 * The run engine (issue 12 §6-7): one job's work on a field's run. It claims cells (claims.ts),
 * pays for them in one ledger transaction (payment.ts), calls the field's source (an AI model or
 * an HTTP API, cell-source.ts) within its concurrency and rate limits, and hands finished cells
 * to the writer (cell-writes.ts). Slices, run endings and recovery are in slices.ts.
 */

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

export class FieldRun {
  private readonly buffer: Outcome[] = []
  private readonly inFlight = new Map<number, Promise<void>>()
  /** Ends the loop's wait when a cell in flight ends (one waiter, not a race over every cell). */
  private wake: (() => void) | null = null
  /** A cell's processing threw (a bug, not a provider error): the slice ends with it. */
  private failure: unknown = null
  /** Same inputs in flight in this process: one call, every waiting cell gets its answer. */
  private readonly calls = new Map<string, Promise<SourceAnswer>>()
  private lastFlush = Date.now()
  private lastProgress = 0
  /** Cells of the write under way: their leases are renewed until it commits. */
  private readonly writing = new Set<number>()
  private stopClaiming = false
  /** Refunds this job wrote: a run short of credits claims again when one comes back. */
  private refundsWritten = 0
  /**
   * The balance refused cells while charged cells were still out: their refunds may pay for more
   * (issue 23 §2). Holds the refund count at that moment; the job claims again when it grows, or
   * when nothing of its own is left out.
   */
  private shortOfCredits: { refundsSeen: number } | null = null
  /** Cells this job wrote (its own and their followers), for the logs. */
  written = 0
  private readonly perCell: number
  private readonly writer: CellWriter

  constructor(
    private readonly field: AiFieldRow,
    private readonly source: CellSource,
    /** Whether the field has answers for this prompt version and model to look up inputs in. */
    private readonly mayReuse: boolean,
  ) {
    this.perCell = source.perCell
    this.writer = new CellWriter(field, source)
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
    await reclaimExpiredLeases(this.field.id)
    let claiming = true
    const writer = this.writeLoop(() => claiming).catch((error: unknown) => {
      this.failure ??= error
    })
    // Leases are kept until the last write has committed.
    let holding = true
    const leases = this.leaseLoop(() => holding).catch((error: unknown) => {
      this.failure ??= error
    })
    try {
      try {
        await this.claimLoop(deadline)
        await Promise.all(this.inFlight.values())
      } finally {
        claiming = false
        await writer
      }
      await this.flush(true)
    } finally {
      holding = false
      await leases
    }
    if (this.failure) throw this.failure
    return Date.now() >= deadline
  }

  /**
   * Renews the leases of every cell this job holds (in flight, answered and waiting to be
   * written, being written) every third of a lease, on its own: a slow write or a long call never
   * lets a lease run out while this process still holds the cell, so no other worker calls it again.
   */
  private async leaseLoop(isHolding: () => boolean) {
    let renewedAt = Date.now()
    while (isHolding()) {
      await sleep(Math.min(50, engineTuning.leaseMs / 3))
      if (Date.now() - renewedAt < engineTuning.leaseMs / 3) continue
      renewedAt = Date.now()
      const held = [...this.inFlight.keys(), ...this.buffer.map((o) => o.rowIndex), ...this.writing]
      if (!(await renewLeases(this.field.id, held))) this.stopClaiming = true
    }
  }

  private async claimLoop(deadline: number) {
    const concurrency = this.source.concurrency
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
        if (!(await hasRunningCells(this.field.id))) break
        await sleep(engineTuning.idleLookMs)
        await reclaimExpiredLeases(this.field.id)
        continue
      }
      if (claimed.length === 0 || target - this.inFlight.size < batchFloor) await this.cellEndedOr(engineTuning.flushMs)
    }
  }

  private claim(limit: number) {
    return claimCells({ field: this.field, model: this.source.model, inputKeys: this.source.inputKeys, mayReuse: this.mayReuse, limit })
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
   * Pays for the cells about to be called: the budget or the cap, then the ledger (which asks the
   * payment gate), one transaction for the batch (payment.ts). Cells past the budget or the
   * balance stop the run; a user who lost access pauses it ('paused: no active plan').
   */
  private async pay(cells: ClaimedCell[]): Promise<ClaimedCell[]> {
    if (cells.length === 0) return cells
    if (this.perCell === 0) {
      // The user's own key pays the provider, and the gate still holds: no plan, no calls.
      if (await hasPaidAccessNow(this.field.userId)) return cells
      await this.pauseWithoutAccess(cells)
      return []
    }
    const { paid, refused, overBudget, overCap, blocked } = await payForCells(this.field, this.perCell, cells, this.source.operation)
    if (blocked) {
      await this.pauseWithoutAccess(cells)
      return []
    }
    if (overCap.length > 0) {
      for (const cell of overCap) this.buffer.push(outcomeOf(cell, { status: 'cancelled', error: AI_FIELD_MESSAGES.autoRunCapReached }))
      await pauseAutoRuns(this.field)
    }
    this.shortOfCredits = null
    if (refused.length > 0 && (await this.refundsMayCome(refused, paid.length))) {
      // Cells charged and still out may fail and be refunded: the refused cells wait in the queue
      // for those credits instead of ending 'Insufficient credits' beside a balance that pays them.
      await requeueCells(this.field.id, refused)
      this.shortOfCredits = { refundsSeen: this.refundsWritten }
      if (overBudget.length > 0) await requeueCells(this.field.id, overBudget)
      return paid
    }
    for (const cell of refused) this.buffer.push(outcomeOf(cell, { status: 'no_credits', error: AI_FIELD_MESSAGES.insufficientCreditsCell }))
    for (const cell of overBudget) this.buffer.push(outcomeOf(cell, { status: 'cancelled', error: AI_FIELD_MESSAGES.budgetReached }))
    if (refused.length > 0) await this.stopRun('no_credits')
    else if (overBudget.length > 0) await this.stopRun('budget')
    return paid
  }

  /** The gate refused the user: the claimed cells go back to the queue unpaid, and the run pauses. */
  private async pauseWithoutAccess(cells: ClaimedCell[]) {
    this.stopClaiming = true
    await requeueCells(this.field.id, cells)
    await pauseRunWithoutAccess(this.field)
  }

  /**
   * Whether credits may still come back to this run: cells charged and not yet written (this
   * job's, including those just paid for) or cells other workers hold. The refused cells are
   * still 'running' under this job's claim: they are left out of the look at other workers.
   */
  private async refundsMayCome(refused: ClaimedCell[], justPaid: number) {
    if (justPaid > 0 || this.inFlight.size > 0 || this.buffer.some((o) => o.charged && o.status !== 'done')) return true
    return hasRunningCells(
      this.field.id,
      refused.map((c) => c.rowIndex),
    )
  }

  private async stopRun(reason: 'no_credits' | 'budget') {
    this.stopClaiming = true
    await stopUnpaidRun(this.field, reason)
  }

  private async process(cell: ClaimedCell) {
    const hash = cell.inputHash
    let call = this.calls.get(hash)
    const isFirst = !call
    if (!call) {
      call = this.source.call(cell)
      this.calls.set(hash, call)
      void call.finally(() => this.calls.delete(hash))
    }
    const result = await call
    const charged = this.perCell > 0
    // What the source paid itself (a waterfall's steps) is the calling cell's; a cell sharing its call paid nothing more.
    const spent = isFirst ? (result.credits ?? null) : null
    if (!result.ok) {
      // A failed cell's engine charge is refunded; what a source paid for the steps it called stays spent.
      const spentSteps = { steps: result.steps, credits: spent ?? 0, tokens: result.tokens, attempts: result.calls }
      if (result.stop) return this.stopUnpaid(cell, result.stop, spentSteps)
      this.buffer.push(outcomeOf(cell, { status: 'error', error: result.error, charged, ...spentSteps }))
      return
    }
    const credits = spent ?? this.perCell
    this.buffer.push(
      outcomeOf(cell, {
        status: 'done',
        value: result.value,
        reasoning: result.reasoning,
        confidence: result.confidence,
        sources: result.sources,
        steps: result.steps,
        credits,
        charged,
        // A cell that shared another's call is charged, but the call's figures are the other's.
        ...(isFirst ? { tokens: result.tokens, latencyMs: result.latencyMs, attempts: result.calls } : { reused: true }),
      }),
    )
  }

  /**
   * A source's own payment refused a call (a waterfall's later step): the cell ends as the
   * engine's payment would end it, with the steps it did call, and the run stops or pauses the same way.
   */
  private async stopUnpaid(cell: ClaimedCell, stop: UnpaidStop, spent: Pick<Outcome, 'steps' | 'credits' | 'tokens' | 'attempts'>) {
    if (stop === 'blocked') return this.pauseWithoutAccess([cell])
    if (stop === 'no_credits') {
      this.buffer.push(outcomeOf(cell, { status: 'no_credits', error: AI_FIELD_MESSAGES.insufficientCreditsCell, ...spent }))
      return this.stopRun('no_credits')
    }
    this.buffer.push(outcomeOf(cell, { status: 'cancelled', error: stop === 'cap' ? AI_FIELD_MESSAGES.autoRunCapReached : AI_FIELD_MESSAGES.budgetReached, ...spent }))
    if (stop === 'cap') await pauseAutoRuns(this.field)
    else await this.stopRun('budget')
  }

  /** Writes finished cells, their rows' values, refunds and events. */
  private async flush(final = false) {
    this.lastFlush = Date.now()
    const outcomes = this.buffer.splice(0)
    if (outcomes.length > 0) {
      for (const o of outcomes) this.writing.add(o.rowIndex)
      try {
        const { written, refunds } = await this.writer.write(outcomes)
        this.written += written
        this.refundsWritten += refunds
      } finally {
        this.writing.clear()
      }
    }
    // The run's last heartbeat, and whether it is still processing.
    if (final && !(await renewLeases(this.field.id, []))) this.stopClaiming = true
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
}
