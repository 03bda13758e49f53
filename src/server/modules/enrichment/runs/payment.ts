import { sql } from 'drizzle-orm'
import type { Executor } from '#server/modules/billing/billing-db'
import { db } from '#server/db/client'
import { retryOnDeadlock } from '#server/db/deadlock-retry'
import { queryRows } from '#server/db/query-rows'
import type { AiFieldRow } from '#server/db/schema/index'
import { AI_CELL_REFUND_REASON, chargedKeysOf, consumeCreditsBatch, refundCreditsBatch } from '#server/modules/billing/credits.service'
import { monthOf } from './auto-cap.ts'
import { chargeKey, runReference, type ClaimedCell, type Outcome } from './outcomes.ts'
import type { CellSource } from './cell-source.ts'

/**
 * Payment for a run's cells (decision 031). Two meters: the user's own cells are reserved from the
 * run's budget (`run_budget_spent`), auto-queued ones from the column's monthly cap
 * (`auto_run_spent`); `run_credits_spent` is what the run's cells cost, both kinds. A batch's
 * reservations, its ledger charge (which asks the payment gate) and the give-backs of what the
 * balance refused are one transaction; a refund and its give-back are written in the transaction
 * that writes the failed cells (cell-writes.ts). A crash keeps all of a step or none of it.
 *
 * Charges are keyed by cell and charge number, so a cell taken again after a crash is not charged
 * again, and it is not reserved again either: a cell whose key is already in the ledger was
 * reserved in the transaction that charged it.
 */

type PayingField = Pick<AiFieldRow, 'id' | 'userId' | 'runSeq'>

export type Payment = {
  /** Charged now or earlier (a crashed worker's charge): call them. */
  paid: ClaimedCell[]
  /** The balance did not cover them. */
  refused: ClaimedCell[]
  /** The user's cells past the run's budget. */
  overBudget: ClaimedCell[]
  /** Auto-queued cells past the column's monthly cap. */
  overCap: ClaimedCell[]
  /** The payment gate refused the user: nothing was charged or reserved. */
  blocked: boolean
}

class PaymentBlocked extends Error {}

/**
 * Pays for the cells about to be called, in one transaction. `step`: a waterfall's step (decision
 * 037), paid for one cell right before it is called, under a key of its own.
 */
export async function payForCells(field: PayingField, perCell: number, cells: ClaimedCell[], operation: CellSource['operation'], step?: number): Promise<Payment> {
  const none: Payment = { paid: [], refused: [], overBudget: [], overCap: [], blocked: false }
  if (cells.length === 0) return none
  const keyOf = (c: ClaimedCell) => chargeKey(field.id, c.rowIndex, c.chargeSeq) + (step === undefined ? '' : `:step${step}`)
  try {
    return await retryOnDeadlock(() => db.transaction(async (tx) => {
      const known = await chargedKeysOf(tx, { userId: field.userId, idempotencyKeys: cells.map(keyOf) })
      const charged = cells.filter((c) => known.has(keyOf(c)))
      const fresh = cells.filter((c) => !known.has(keyOf(c)))
      const manual = fresh.filter((c) => !c.auto)
      const auto = fresh.filter((c) => c.auto)
      const room = await reserve(tx, field.id, { budget: manual.length * perCell, cap: auto.length * perCell })
      const withinBudget = manual.slice(0, Math.floor(room.budget / perCell))
      const withinCap = auto.slice(0, Math.floor(room.cap / perCell))
      const toCharge = [...charged, ...withinBudget, ...withinCap]
      const result = await consumeCreditsBatch(
        {
          userId: field.userId,
          operation,
          amountEach: perCell,
          idempotencyKeys: toCharge.map(keyOf),
          // The run, so the usage history shows it as one entry (a field's next run is another).
          reference: runReference(field),
        },
        tx,
      )
      if (result.blocked) throw new PaymentBlocked()
      const paidKeys = new Set(result.charged)
      const refused = toCharge.filter((c) => !paidKeys.has(keyOf(c)))
      const freshPaid = [...withinBudget, ...withinCap].filter((c) => paidKeys.has(keyOf(c))).length
      // What was reserved for refused cells goes back; what was charged counts on the run.
      await settleMeters(tx, field.id, {
        budget: -refused.filter((c) => !c.auto).length * perCell + (room.budget - withinBudget.length * perCell),
        cap: -refused.filter((c) => c.auto).length * perCell + (room.cap - withinCap.length * perCell),
        run: freshPaid * perCell,
      })
      return {
        paid: toCharge.filter((c) => paidKeys.has(keyOf(c))),
        refused,
        overBudget: manual.slice(withinBudget.length),
        overCap: auto.slice(withinCap.length),
        blocked: false,
      }
    }))
  } catch (error) {
    if (error instanceof PaymentBlocked) return { ...none, blocked: true }
    throw error
  }
}

/**
 * Takes up to the credits wanted from the run's budget (all of them without one) and from the
 * column's monthly cap (all without one; a new month starts from 0 and lifts a pause). Answers
 * what each granted.
 */
async function reserve(tx: Executor, fieldId: string, want: { budget: number; cap: number }): Promise<{ budget: number; cap: number }> {
  if (want.budget === 0 && want.cap === 0) return { budget: 0, cap: 0 }
  const month = monthOf()
  const [granted] = await queryRows<{ budget: number; cap: number }>(
    sql`
    WITH old AS (
      SELECT run_budget_spent AS budget_spent, run_budget AS budget,
        CASE WHEN auto_run_month = ${month} THEN auto_run_spent ELSE 0 END AS cap_spent, auto_run_monthly_cap AS cap
      FROM ai_fields WHERE id = ${fieldId} FOR UPDATE
    )
    UPDATE ai_fields AS f SET
      run_budget_spent = LEAST(COALESCE(old.budget, 2147483647), old.budget_spent + ${want.budget}),
      auto_run_paused_at = CASE WHEN ${want.cap} = 0 OR f.auto_run_month = ${month} THEN f.auto_run_paused_at ELSE NULL END,
      auto_run_month = CASE WHEN ${want.cap} = 0 THEN f.auto_run_month ELSE ${month} END,
      auto_run_spent = CASE WHEN ${want.cap} = 0 THEN f.auto_run_spent ELSE LEAST(COALESCE(old.cap, 2147483647), old.cap_spent + ${want.cap}) END
    FROM old WHERE f.id = ${fieldId}
    RETURNING f.run_budget_spent - old.budget_spent AS budget,
      CASE WHEN ${want.cap} = 0 THEN 0 ELSE f.auto_run_spent - old.cap_spent END AS cap`,
    tx,
  )
  return { budget: Number(granted?.budget ?? 0), cap: Number(granted?.cap ?? 0) }
}

/** Moves the meters by these credits (negative: given back), never below 0; this month's cap only. */
async function settleMeters(tx: Executor, fieldId: string, change: { budget: number; cap: number; run: number }) {
  if (change.budget === 0 && change.cap === 0 && change.run === 0) return
  await tx.execute(sql`
    UPDATE ai_fields SET
      run_budget_spent = GREATEST(0, run_budget_spent + ${change.budget}),
      auto_run_spent = CASE WHEN auto_run_month = ${monthOf()} THEN GREATEST(0, auto_run_spent + ${change.cap}) ELSE auto_run_spent END,
      run_credits_spent = GREATEST(0, run_credits_spent + ${change.run})
    WHERE id = ${fieldId}`)
}

/**
 * Charged cells that did not end done get their credits back, in the caller's transaction (the
 * one writing those cells), with what they took of the budget or the cap. Answers how many.
 */
export async function refundCells(tx: Executor, field: Pick<AiFieldRow, 'id' | 'userId'>, perCell: number, outcomes: ReadonlyArray<Pick<Outcome, 'rowIndex' | 'chargeSeq' | 'auto'>>) {
  if (outcomes.length === 0) return 0
  const keyOf = (o: (typeof outcomes)[number]) => chargeKey(field.id, o.rowIndex, o.chargeSeq)
  const refundedKeys = await refundCreditsBatch(tx, { userId: field.userId, idempotencyKeys: outcomes.map(keyOf), reason: AI_CELL_REFUND_REASON })
  // A refund already written (a batch written again) gives nothing back twice.
  const refunded = outcomes.filter((o) => refundedKeys.has(keyOf(o)))
  const auto = refunded.filter((o) => o.auto).length
  await settleMeters(tx, field.id, { budget: -(refunded.length - auto) * perCell, cap: -auto * perCell, run: -refunded.length * perCell })
  return refunded.length
}
