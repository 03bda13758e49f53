import { and, eq, gte, lt, sql } from 'drizzle-orm'
import { BILLING } from '#common/constants'
import { CREDIT_MESSAGES, IDEMPOTENCY_MESSAGES } from '#common/messages'
import type {
  ConsumeCreditsResult,
  CreditOperation,
  CreditTransactionsPage,
  CreditUsage,
  DebitOperation,
} from '#common/schemas/billing'
import { toPage, type ListQuery } from '#common/schemas/list'
import { db } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { sqlArray } from '#server/db/sql-array'
import { creditTransactions, subscribers } from '#server/db/schema/index'
import { AppError } from '#server/platform/app-error'
import { ensureSubscriber, type Executor } from './billing-db.ts'
import { hasPaidAccessNow, paymentRequiredError, recordGateBlocked } from './payment-gate.ts'

export type ConsumeCreditsInput = {
  userId: string
  operation: DebitOperation
  amount: number
  /** Names the charge (a cell and attempt, a chat message): a retry with it is charged once. */
  idempotencyKey: string
  reference?: string
  metadata?: Record<string, unknown>
}

class InsufficientCredits extends Error {}
class NoPaidAccess extends Error {}

function insufficientMessage(operation: DebitOperation, needed: number, remaining: number) {
  if (operation === 'chat_query') return CREDIT_MESSAGES.chatInsufficient(remaining)
  if (operation === 'prompt_test') return CREDIT_MESSAGES.promptTestInsufficient(needed, remaining)
  return CREDIT_MESSAGES.insufficient(needed, remaining)
}

async function balanceOf(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ credits: subscribers.currentCredits })
    .from(subscribers)
    .where(eq(subscribers.userId, userId))
  return row?.credits ?? 0
}

/**
 * The one way credits are spent. The payment gate is asked in the charge's transaction (a user
 * without a plan or trial is refused here, whatever door asked: a 402 with the gate's message).
 * The ledger row and the balance change commit together; the
 * balance update only matches while enough credits remain, so concurrent debits can never take it
 * below zero. A key already in the ledger means the charge happened: it succeeds without charging,
 * unless the earlier charge was for another amount or operation, which is a conflict.
 */
export async function consumeCredits(input: ConsumeCreditsInput): Promise<ConsumeCreditsResult> {
  const { userId, operation, amount, idempotencyKey } = input
  if (!Number.isInteger(amount) || amount <= 0) throw new AppError('BAD_REQUEST', 'Credits to consume must be a positive whole number.')
  try {
    return await db.transaction(async (tx) => {
      await ensureSubscriber(tx, userId)
      if (!(await hasPaidAccessNow(userId, tx))) throw new NoPaidAccess()
      const [entry] = await tx
        .insert(creditTransactions)
        .values({
          userId,
          operation,
          amount: -amount,
          balanceAfter: 0,
          idempotencyKey,
          reference: input.reference ?? null,
          metadata: input.metadata ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: creditTransactions.id })
      if (!entry) {
        // As Stripe does: a key names one request; the same key with other terms is a mistake.
        const [charged] = await tx
          .select({ operation: creditTransactions.operation, amount: creditTransactions.amount })
          .from(creditTransactions)
          .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.idempotencyKey, idempotencyKey)))
        if (charged && (charged.operation !== operation || charged.amount !== -amount)) {
          throw new AppError('CONFLICT', IDEMPOTENCY_MESSAGES.keyReused)
        }
        return { success: true, remaining_credits: await balanceOf(tx, userId), error: null }
      }

      const [updated] = await tx
        .update(subscribers)
        .set({ currentCredits: sql`${subscribers.currentCredits} - ${amount}`, updatedAt: new Date() })
        .where(and(eq(subscribers.userId, userId), gte(subscribers.currentCredits, amount)))
        .returning({ credits: subscribers.currentCredits })
      if (!updated) throw new InsufficientCredits()
      await tx.update(creditTransactions).set({ balanceAfter: updated.credits }).where(eq(creditTransactions.id, entry.id))
      return { success: true, remaining_credits: updated.credits, error: null }
    })
  } catch (error) {
    if (error instanceof NoPaidAccess) {
      await recordGateBlocked(userId, { source: 'charge', operation })
      throw paymentRequiredError()
    }
    if (!(error instanceof InsufficientCredits)) throw error
    const remaining = await balanceOf(db, userId)
    return { success: false, remaining_credits: remaining, error: insufficientMessage(operation, amount, remaining) }
  }
}

/** `consumeCredits` for a caller that cannot go on without the credits: a refusal is a 402. */
export async function consumeCreditsOrThrow(input: ConsumeCreditsInput): Promise<ConsumeCreditsResult> {
  const result = await consumeCredits(input)
  if (!result.success) {
    throw new AppError('PAYMENT_REQUIRED', result.error ?? CREDIT_MESSAGES.creditErrorFallback, {
      remaining_credits: result.remaining_credits,
    })
  }
  return result
}

/** Adds credits once per key (the trial grant). Runs in the caller's transaction when given one. */
export async function grantCredits(
  input: { userId: string; operation: CreditOperation; amount: number; idempotencyKey: string; reference?: string },
  executor: Executor = db,
) {
  const run = async (tx: Executor) => {
    await ensureSubscriber(tx, input.userId)
    const [entry] = await tx
      .insert(creditTransactions)
      .values({ ...input, balanceAfter: 0, reference: input.reference ?? null })
      .onConflictDoNothing()
      .returning({ id: creditTransactions.id })
    if (!entry) return { applied: false, balance: await balanceOf(tx, input.userId) }
    const [updated] = await tx
      .update(subscribers)
      .set({ currentCredits: sql`${subscribers.currentCredits} + ${input.amount}`, updatedAt: new Date() })
      .where(eq(subscribers.userId, input.userId))
      .returning({ credits: subscribers.currentCredits })
    await tx.update(creditTransactions).set({ balanceAfter: updated!.credits }).where(eq(creditTransactions.id, entry.id))
    return { applied: true, balance: updated!.credits }
  }
  return executor === db ? db.transaction(run) : run(executor)
}

/**
 * Gives back a debit that bought nothing (a failed AI call). Keyed by the debit's key, so a
 * retried refund returns the credits once.
 */
export async function refundCredits(input: { userId: string; idempotencyKey: string; reason?: string }) {
  return db.transaction(async (tx) => {
    const [debit] = await tx
      .select()
      .from(creditTransactions)
      .where(
        and(
          eq(creditTransactions.userId, input.userId),
          eq(creditTransactions.idempotencyKey, input.idempotencyKey),
          lt(creditTransactions.amount, 0),
        ),
      )
    if (!debit) throw new AppError('NOT_FOUND', 'No charge with this key to refund.')
    return grantCredits(
      {
        userId: input.userId,
        operation: 'refund',
        amount: -debit.amount,
        idempotencyKey: `refund:${input.idempotencyKey}`,
        reference: input.reason ?? debit.operation,
      },
      tx,
    )
  })
}

/**
 * Gives back debits that bought nothing (an AI run's failed cells), in the caller's transaction:
 * the transaction that writes the cells, so a crash keeps both or neither. Keyed by each debit's
 * key (`refund:` and the key), so a refund written again returns nothing twice; keys with no debit
 * are skipped. One statement for the batch; answers the debits' keys refunded now.
 */
export async function refundCreditsBatch(tx: Executor, input: { userId: string; idempotencyKeys: readonly string[]; reason: string }): Promise<Set<string>> {
  if (input.idempotencyKeys.length === 0) return new Set()
  const [row] = await queryRows<{ refunded: string[] }>(
    sql`SELECT rowcraft_refund_batch(${input.userId}, ${JSON.stringify([...new Set(input.idempotencyKeys)])}::jsonb, ${input.reason}) AS refunded`,
    tx,
  )
  return new Set(row?.refunded ?? [])
}

/** Which of these keys the ledger already holds for the user (charged by an earlier attempt), in the caller's transaction. */
export async function chargedKeysOf(executor: Executor, { userId, idempotencyKeys }: { userId: string; idempotencyKeys: readonly string[] }): Promise<Set<string>> {
  if (idempotencyKeys.length === 0) return new Set()
  const rows = await queryRows<{ key: string }>(
    sql`SELECT idempotency_key AS key FROM credit_transactions WHERE user_id = ${userId} AND idempotency_key = ANY(${sqlArray(idempotencyKeys, 'text')})`,
    executor,
  )
  return new Set(rows.map((r) => r.key))
}

/**
 * Sets an active plan's balance back to the monthly allowance (credits reset monthly, not
 * accumulate). Keyed by the UTC month: the ledger's unique (user, key) index lets one reset per
 * period in, however many checkouts or workers ask at once. Two resets a month apart never share a
 * month, since a plan is due only a month after its last reset.
 */
export async function resetMonthlyCredits({ userId }: { userId: string }, now = new Date()) {
  return db.transaction((tx) => applyMonthlyReset(tx, userId, now))
}

/** The monthly reset as a step of the caller's transaction (a plan that starts resets at once). */
export async function applyMonthlyReset(tx: Executor, userId: string, now: Date) {
  const [row] = await tx.select().from(subscribers).where(eq(subscribers.userId, userId)).for('update')
  if (!row) return { applied: false }
  const period = now.toISOString().slice(0, 7)
  const key = `monthly_reset:${period}`
  const [entry] = await tx
    .insert(creditTransactions)
    .values({
      userId,
      operation: 'monthly_reset',
      amount: BILLING.monthlyCredits - row.currentCredits,
      balanceAfter: BILLING.monthlyCredits,
      idempotencyKey: key,
      reference: period,
    })
    .onConflictDoNothing()
    .returning({ id: creditTransactions.id })
  if (!entry) return { applied: false }
  await tx
    .update(subscribers)
    .set({ currentCredits: BILLING.monthlyCredits, creditsResetAt: now, updatedAt: now })
    .where(eq(subscribers.userId, userId))
  return { applied: true }
}

/** Active paid plans whose last reset is a month old or that never had one. */
export async function listSubscribersDueForReset(now = new Date()) {
  const rows = await db
    .select({ userId: subscribers.userId })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.subscribed, true),
        eq(subscribers.status, 'active'),
        sql`(${subscribers.creditsResetAt} is null or ${subscribers.creditsResetAt} <= ${now.toISOString()}::timestamptz - interval '1 month')`,
      ),
    )
  return rows.map((r) => r.userId)
}

/** The reference of a refund for an AI cell that failed (the run engine's). */
export const AI_CELL_REFUND_REASON = 'ai_cell_failed'

type LedgerEntryRow = {
  id: string
  operation: CreditOperation
  amount: number
  balance_after: number
  reference: string | null
  created_at: string
  cells: number
  refunded_cells: number
}

/**
 * The usage history, newest first, one entry per thing the user did (issue 23 §3). An AI run
 * writes a debit per cell (reference: the run) and a refund per failed cell; all of a run's rows
 * are one entry whatever came between them: `cells` charged, `refunded_cells`, `amount` the net
 * credits, `balance_after` after its last row, `created_at` its last row's time. A refund belongs
 * to the debit it gives back (its key is `refund:` and the debit's key), so a refunded prompt test
 * is one entry too. Every other row (a grant, a reset, a prompt test, a chat query) is an entry of
 * its own. The grouping reads all of the user's rows, joined to their debits by the unique
 * (user, key) index.
 */
export async function listCreditTransactions(input: { userId: string } & ListQuery): Promise<CreditTransactionsPage> {
  const [result] = await queryRows<{ total: number | string; rows: LedgerEntryRow[] | string }>(sql`
    WITH keyed AS (
      SELECT t.id, t.operation, t.amount, t.balance_after, t.reference, t.created_at, d.id IS NOT NULL AS is_refund,
        CASE
          WHEN coalesce(d.operation, t.operation) IN ('ai_enrichment_basic', 'ai_enrichment_advanced', 'http_source_call') AND coalesce(d.reference, t.reference) IS NOT NULL
            THEN 'run:' || coalesce(d.operation, t.operation) || ':' || coalesce(d.reference, t.reference)
          ELSE 'row:' || coalesce(d.id, t.id)
        END AS entry_key
      FROM credit_transactions AS t
      LEFT JOIN credit_transactions AS d
        ON t.operation = 'refund' AND t.idempotency_key LIKE 'refund:%'
          AND d.user_id = t.user_id AND d.idempotency_key = substr(t.idempotency_key, 8) AND d.amount < 0
      WHERE t.user_id = ${input.userId}
    ), entries AS (
      SELECT
        -- The last row: the latest, and within one debit batch (one moment) the lowest balance.
        (array_agg(id ORDER BY created_at DESC, balance_after ASC, id DESC))[1] AS id,
        (array_agg(balance_after ORDER BY created_at DESC, balance_after ASC, id DESC))[1] AS balance_after,
        coalesce(min(operation) FILTER (WHERE NOT is_refund), min(operation)) AS operation,
        coalesce(min(reference) FILTER (WHERE NOT is_refund), min(reference)) AS reference,
        sum(amount)::int AS amount, max(created_at) AS created_at,
        count(*) FILTER (WHERE NOT is_refund)::int AS cells, count(*) FILTER (WHERE is_refund)::int AS refunded_cells
      FROM keyed GROUP BY entry_key
    )
    SELECT (SELECT count(*) FROM entries) AS total,
      (SELECT coalesce(json_agg(p ORDER BY p.created_at DESC, p.id DESC), '[]') FROM (
        SELECT * FROM entries ORDER BY created_at DESC, id DESC LIMIT ${input.perPage} OFFSET ${(input.page - 1) * input.perPage}
      ) AS p) AS rows`)
  const rows = typeof result!.rows === 'string' ? (JSON.parse(result!.rows) as LedgerEntryRow[]) : result!.rows
  const data = rows.map((r) => ({
    id: r.id,
    operation: r.operation,
    amount: r.amount,
    balance_after: r.balance_after,
    reference: r.reference,
    cells: r.cells,
    refunded_cells: r.refunded_cells,
    created_at: new Date(r.created_at).toISOString(),
  }))
  return toPage(data, { count: Number(result!.total), page: input.page, perPage: input.perPage })
}

/** Credits spent per UTC day over the chart's window, days without use included as 0. */
export async function getCreditUsage({ userId }: { userId: string }, now = new Date()): Promise<CreditUsage> {
  const days = BILLING.usageChartDays
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)))
  const rows = await db
    .select({
      day: sql<string>`to_char(${creditTransactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      spent: sql<number>`sum(-${creditTransactions.amount})::int`,
    })
    .from(creditTransactions)
    .where(
      and(
        eq(creditTransactions.userId, userId),
        lt(creditTransactions.amount, 0),
        gte(creditTransactions.createdAt, start),
        sql`${creditTransactions.operation} <> 'monthly_reset'`,
      ),
    )
    .groupBy(sql`1`)
  const byDay = new Map(rows.map((r) => [r.day, Number(r.spent)]))
  const series = Array.from({ length: days }, (_, i) => {
    const date = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10)
    return { date, credits: byDay.get(date) ?? 0 }
  })
  return { days: series, total: series.reduce((sum, d) => sum + d.credits, 0) }
}

export type ConsumeCreditsBatchResult = {
  /** Keys charged now or already in the ledger: their work is paid for. */
  charged: string[]
  /** Keys the balance could not pay for, in the order given. */
  refused: string[]
  remaining: number
  /** The payment gate refused the user (no plan, trial or grace): nothing was charged. */
  blocked: boolean
}

/**
 * Charges `amountEach` for each key, as many as the balance pays for, in one round trip (an AI
 * run charges thousands of cells a second; one ledger round trip per cell was its bottleneck, and
 * then the five statements of a batch's transaction). Each key is a ledger row of its own, so a
 * key already charged is not charged again and its refund stays keyed by it. The database
 * function `rowcraft_charge_batch` (migration 0013) locks the account, reads the keys already
 * charged, then writes the new ones in order.
 */
export async function consumeCreditsBatch(
  input: {
    userId: string
    operation: DebitOperation
    amountEach: number
    idempotencyKeys: string[]
    reference?: string
  },
  executor: Executor = db,
): Promise<ConsumeCreditsBatchResult> {
  const { userId, operation, amountEach } = input
  if (!Number.isInteger(amountEach) || amountEach <= 0) throw new AppError('BAD_REQUEST', 'Credits to consume must be a positive whole number.')
  const keys = [...new Set(input.idempotencyKeys)]
  // The caller records the refusal (outside its transaction) when it stops the work it was paying for.
  if (!(await hasPaidAccessNow(userId, executor))) {
    return { charged: [], refused: [], remaining: await balanceOf(executor, userId), blocked: true }
  }
  if (keys.length === 0) return { charged: [], refused: [], remaining: await balanceOf(executor, userId), blocked: false }
  const [result] = await queryRows<Omit<ConsumeCreditsBatchResult, 'blocked'>>(
    sql`SELECT charged, refused, remaining FROM rowcraft_charge_batch(${userId}, ${operation}, ${amountEach}, ${JSON.stringify(keys)}::jsonb, ${input.reference ?? null})`,
    executor,
  )
  return { charged: result!.charged, refused: result!.refused, remaining: Number(result!.remaining), blocked: false }
}

/** The user's credit balance now (0 before they have a subscriber row). */
export async function getCreditBalance({ userId }: { userId: string }): Promise<number> {
  const [row] = await db.select({ credits: subscribers.currentCredits }).from(subscribers).where(eq(subscribers.userId, userId))
  return row?.credits ?? 0
}
