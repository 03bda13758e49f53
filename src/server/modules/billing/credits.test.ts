import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db } from '#server/db/client'
import { creditTransactions, subscribers } from '#server/db/schema/index'
import { createTestApp, type TestApp } from '#server/test/test-app'
import { runMonthlyCreditReset } from './billing.jobs.ts'
import { AI_CELL_REFUND_REASON, consumeCredits, consumeCreditsBatch, grantCredits, refundCredits, refundCreditsBatch } from './credits.service.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

/** A user on a running trial with this many credits (the charge asks the payment gate). */
async function newUserWithCredits(credits: number) {
  const { browser } = await t.signUpVerified()
  const userId = await t.userIdOf(browser)
  await grantCredits({ userId, operation: 'trial_grant', amount: credits, idempotencyKey: 'seed' })
  await db.update(subscribers).set({ trialEndsAt: new Date(Date.now() + 86_400_000) }).where(eq(subscribers.userId, userId))
  return { browser, userId }
}

async function balance(userId: string) {
  const [row] = await db.select().from(subscribers).where(eq(subscribers.userId, userId))
  return row!.currentCredits
}

async function ledger(userId: string) {
  return db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId))
}

describe('consumeCredits', () => {
  it('lets exactly 20 of 50 concurrent 1-credit debits through a balance of 20, leaving 0', async () => {
    const { userId } = await newUserWithCredits(20)
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        consumeCredits({ userId, operation: 'ai_enrichment_basic', amount: 1, idempotencyKey: `cell-${i}` }),
      ),
    )
    expect(results.filter((r) => r.success)).toHaveLength(20)
    expect(results.filter((r) => !r.success)).toHaveLength(30)
    expect(await balance(userId)).toBe(0)
    const debits = (await ledger(userId)).filter((r) => r.amount < 0)
    expect(debits).toHaveLength(20)
    expect(debits.map((d) => d.balanceAfter).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i))
  })

  it('charges a replayed idempotency key once', async () => {
    const { userId } = await newUserWithCredits(10)
    const first = await consumeCredits({ userId, operation: 'ai_enrichment_advanced', amount: 2, idempotencyKey: 'cell-a:1' })
    const again = await consumeCredits({ userId, operation: 'ai_enrichment_advanced', amount: 2, idempotencyKey: 'cell-a:1' })
    expect(first).toEqual({ success: true, remaining_credits: 8, error: null })
    expect(again).toEqual({ success: true, remaining_credits: 8, error: null })
    expect(await balance(userId)).toBe(8)
  })

  it('refuses a debit larger than the balance with the spec message and changes nothing', async () => {
    const { userId } = await newUserWithCredits(5)
    const chat = await consumeCredits({ userId, operation: 'chat_query', amount: 8, idempotencyKey: 'chat-1' })
    expect(chat).toEqual({ success: false, remaining_credits: 5, error: 'AI Chat requires 8 credits. You have 5 remaining.' })
    const test = await consumeCredits({ userId, operation: 'prompt_test', amount: 6, idempotencyKey: 'test-1' })
    expect(test.error).toBe('You need 6 credits to test this prompt. 5 remaining.')
    expect(await balance(userId)).toBe(5)
    expect((await ledger(userId)).filter((r) => r.amount < 0)).toHaveLength(0)
  })

  it('refuses a non-positive amount', async () => {
    const { userId } = await newUserWithCredits(5)
    await expect(consumeCredits({ userId, operation: 'prompt_test', amount: 0, idempotencyKey: 'zero' })).rejects.toThrow(/positive/)
  })
})

describe('consumeCreditsBatch', () => {
  const batch = (userId: string, keys: string[]) =>
    consumeCreditsBatch({ userId, operation: 'ai_enrichment_basic', amountEach: 2, idempotencyKeys: keys, reference: 'field-1' })

  it('charges the keys the balance pays for, in order, each a ledger row with its balance after it', async () => {
    const { userId } = await newUserWithCredits(7)
    const result = await batch(userId, ['a', 'b', 'c', 'd'])
    expect(result).toEqual({ charged: ['a', 'b', 'c'], refused: ['d'], remaining: 1, blocked: false })
    expect(await balance(userId)).toBe(1)
    const debits = (await ledger(userId)).filter((r) => r.amount < 0).sort((x, y) => y.balanceAfter - x.balanceAfter)
    expect(debits.map((d) => [d.idempotencyKey, d.amount, d.balanceAfter, d.reference])).toEqual([
      ['a', -2, 5, 'field-1'],
      ['b', -2, 3, 'field-1'],
      ['c', -2, 1, 'field-1'],
    ])
  })

  it('does not charge a key again, and concurrent batches never take the balance below zero', async () => {
    const { userId } = await newUserWithCredits(20)
    expect((await batch(userId, ['k0', 'k1'])).remaining).toBe(16)
    const keys = Array.from({ length: 12 }, (_, i) => `k${i}`)
    const results = await Promise.all([batch(userId, keys), batch(userId, keys.slice(4)), batch(userId, [...keys].reverse())])
    expect(await balance(userId)).toBe(0)
    const debits = (await ledger(userId)).filter((r) => r.amount < 0)
    // k0 and k1 once, then eight more keys for the 16 credits left; every key at most once.
    expect(debits).toHaveLength(10)
    expect(new Set(debits.map((d) => d.idempotencyKey)).size).toBe(10)
    expect(debits.map((d) => d.balanceAfter).sort((a, b) => a - b)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18])
    for (const result of results) expect(result.charged.every((key) => debits.some((d) => d.idempotencyKey === key))).toBe(true)
  })

  it('charges nothing to a user with no account row (no plan or trial): the payment gate refuses the batch', async () => {
    const { browser } = await t.signUpVerified()
    const userId = await t.userIdOf(browser)
    await db.delete(subscribers).where(eq(subscribers.userId, userId))
    expect(await batch(userId, ['x', 'y'])).toEqual({ charged: [], refused: [], remaining: 0, blocked: true })
    expect(await ledger(userId)).toEqual([])
  })

  it('charges nothing once the trial has ended, though credits remain', async () => {
    const { userId } = await newUserWithCredits(10)
    await db.update(subscribers).set({ trialEndsAt: new Date(Date.now() - 1_000) }).where(eq(subscribers.userId, userId))
    expect(await batch(userId, ['late'])).toEqual({ charged: [], refused: [], remaining: 10, blocked: true })
    await expect(consumeCredits({ userId, operation: 'chat_query', amount: 1, idempotencyKey: 'late-chat' })).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' })
    expect(await balance(userId)).toBe(10)
    expect((await ledger(userId)).filter((r) => r.amount < 0)).toEqual([])
  })
})

describe('refundCreditsBatch', () => {
  const batch = (userId: string, keys: string[]) => consumeCreditsBatch({ userId, operation: 'ai_enrichment_basic', amountEach: 2, idempotencyKeys: keys, reference: 'field-r' })

  it('gives back each debit once in the caller\'s transaction, skipping keys with no debit', async () => {
    const { userId } = await newUserWithCredits(10)
    await batch(userId, ['r1', 'r2', 'r3'])
    expect(await balance(userId)).toBe(4)
    const first = await db.transaction((tx) => refundCreditsBatch(tx, { userId, idempotencyKeys: ['r1', 'r3', 'nothing'], reason: AI_CELL_REFUND_REASON }))
    expect([...first].sort()).toEqual(['r1', 'r3'])
    expect(await balance(userId)).toBe(8)
    // Written again (a batch retried): nothing twice.
    const again = await db.transaction((tx) => refundCreditsBatch(tx, { userId, idempotencyKeys: ['r1', 'r2', 'r3'], reason: AI_CELL_REFUND_REASON }))
    expect([...again]).toEqual(['r2'])
    expect(await balance(userId)).toBe(10)
    const refunds = (await ledger(userId)).filter((r) => r.operation === 'refund').sort((a, b) => a.balanceAfter - b.balanceAfter)
    expect(refunds.map((r) => [r.idempotencyKey, r.amount, r.balanceAfter])).toEqual([
      ['refund:r1', 2, 6],
      ['refund:r3', 2, 8],
      ['refund:r2', 2, 10],
    ])
  })

  it('writes nothing when its transaction rolls back', async () => {
    const { userId } = await newUserWithCredits(4)
    await batch(userId, ['rb'])
    await expect(
      db.transaction(async (tx) => {
        await refundCreditsBatch(tx, { userId, idempotencyKeys: ['rb'], reason: AI_CELL_REFUND_REASON })
        throw new Error('the cells could not be written')
      }),
    ).rejects.toThrow('the cells could not be written')
    expect(await balance(userId)).toBe(2)
    expect((await ledger(userId)).filter((r) => r.operation === 'refund')).toEqual([])
  })
})

describe('refundCredits', () => {
  it('returns a debit once, however often it is asked', async () => {
    const { userId } = await newUserWithCredits(10)
    await consumeCredits({ userId, operation: 'ai_enrichment_advanced', amount: 2, idempotencyKey: 'cell-b:1' })
    expect(await balance(userId)).toBe(8)
    await refundCredits({ userId, idempotencyKey: 'cell-b:1', reason: 'provider error' })
    await refundCredits({ userId, idempotencyKey: 'cell-b:1', reason: 'provider error' })
    expect(await balance(userId)).toBe(10)
    const refunds = (await ledger(userId)).filter((r) => r.operation === 'refund')
    expect(refunds).toEqual([expect.objectContaining({ amount: 2, balanceAfter: 10, idempotencyKey: 'refund:cell-b:1' })])
  })

  it("cannot refund another user's debit", async () => {
    const alice = await newUserWithCredits(10)
    const bob = await newUserWithCredits(10)
    await consumeCredits({ userId: alice.userId, operation: 'chat_query', amount: 8, idempotencyKey: 'chat-x' })
    await expect(refundCredits({ userId: bob.userId, idempotencyKey: 'chat-x' })).rejects.toThrow(/No charge/)
    expect(await balance(bob.userId)).toBe(10)
  })
})

describe('the monthly reset', () => {
  it('sets active plans back to 2,000 once per month and leaves trials alone', async () => {
    const paid = await newUserWithCredits(2000)
    const trial = await newUserWithCredits(2000)
    await consumeCredits({ userId: paid.userId, operation: 'chat_query', amount: 8, idempotencyKey: 'c1' })
    await consumeCredits({ userId: trial.userId, operation: 'chat_query', amount: 8, idempotencyKey: 'c1' })
    await db.update(subscribers).set({ subscribed: true, status: 'active', subscriptionTier: 'premium' }).where(eq(subscribers.userId, paid.userId))

    const now = new Date()
    const first = await runMonthlyCreditReset(now)
    expect(first.reset).toBeGreaterThanOrEqual(1)
    expect(await balance(paid.userId)).toBe(2000)
    expect(await balance(trial.userId)).toBe(1992)

    await consumeCredits({ userId: paid.userId, operation: 'chat_query', amount: 8, idempotencyKey: 'c2' })
    await runMonthlyCreditReset(new Date(now.getTime() + 10 * 86_400_000))
    expect(await balance(paid.userId)).toBe(1992)

    await runMonthlyCreditReset(new Date(now.getTime() + 32 * 86_400_000))
    expect(await balance(paid.userId)).toBe(2000)
    const resets = (await ledger(paid.userId)).filter((r) => r.operation === 'monthly_reset')
    expect(resets.map((r) => r.amount)).toEqual([8, 8])
  })
})

describe('ledger routes', () => {
  it('lists only the signed-in user\u2019s transactions and usage', async () => {
    const alice = await newUserWithCredits(50)
    const bob = await newUserWithCredits(50)
    await consumeCredits({ userId: alice.userId, operation: 'ai_enrichment_basic', amount: 3, idempotencyKey: 'a1' })
    await consumeCredits({ userId: alice.userId, operation: 'chat_query', amount: 8, idempotencyKey: 'a2' })

    const page = await (await alice.browser.api.billing.credits.transactions.$get({ query: { perPage: '2' } })).json()
    expect(page.count).toBe(3)
    expect(page.totalPages).toBe(2)
    expect(page.data[0]).toMatchObject({ operation: 'chat_query', amount: -8, balance_after: 39 })

    const bobsPage = await (await bob.browser.api.billing.credits.transactions.$get({ query: {} })).json()
    expect(bobsPage.data.map((r) => r.operation)).toEqual(['trial_grant'])

    const usage = await (await alice.browser.api.billing.credits.usage.$get()).json()
    expect(usage.days).toHaveLength(30)
    expect(usage.days.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), credits: 11 })
    expect(usage.total).toBe(11)
  })

  it('shows an AI run as one entry with its charged and refunded cells and net credits, whatever came between its rows', async () => {
    const { browser, userId } = await newUserWithCredits(100)
    const charge = (run: string, rows: number[]) =>
      consumeCreditsBatch({ userId, operation: 'ai_enrichment_basic', amountEach: 1, idempotencyKeys: rows.map((r) => `ai:field-a:${r}:${run.slice(-1)}`), reference: run })
    const refundCell = (row: number, run = 'field-a:1') =>
      refundCredits({ userId, idempotencyKey: `ai:field-a:${row}:${run.slice(-1)}`, reason: AI_CELL_REFUND_REASON })
    await charge('field-a:1', [0, 1, 2])
    await refundCell(1)
    // A prompt test in the middle of the run stays an entry of its own.
    await consumeCredits({ userId, operation: 'prompt_test', amount: 1, idempotencyKey: 'test-1', reference: 'upload-1' })
    await charge('field-a:1', [3, 4])
    await refundCell(3)
    // The field's next run is another entry.
    await charge('field-a:2', [0, 1])
    // A prompt test the provider could not answer: charged and given back, one entry.
    await consumeCredits({ userId, operation: 'prompt_test', amount: 2, idempotencyKey: 'test-2', reference: 'upload-1' })
    await refundCredits({ userId, idempotencyKey: 'test-2' })
    await consumeCredits({ userId, operation: 'chat_query', amount: 8, idempotencyKey: 'chat-1' })
    // The ledger itself keeps a row per cell.
    expect(await ledger(userId)).toHaveLength(1 + 3 + 1 + 1 + 2 + 1 + 2 + 2 + 1)

    const page = await (await browser.api.billing.credits.transactions.$get({ query: { perPage: '10' } })).json()
    expect(page.data.map(({ operation, amount, balance_after, reference, cells, refunded_cells }) => ({ operation, amount, balance_after, reference, cells, refunded_cells }))).toEqual([
      { operation: 'chat_query', amount: -8, balance_after: 86, reference: null, cells: 1, refunded_cells: 0 },
      { operation: 'prompt_test', amount: 0, balance_after: 94, reference: 'upload-1', cells: 1, refunded_cells: 1 },
      { operation: 'ai_enrichment_basic', amount: -2, balance_after: 94, reference: 'field-a:2', cells: 2, refunded_cells: 0 },
      { operation: 'ai_enrichment_basic', amount: -3, balance_after: 96, reference: 'field-a:1', cells: 5, refunded_cells: 2 },
      { operation: 'prompt_test', amount: -1, balance_after: 97, reference: 'upload-1', cells: 1, refunded_cells: 0 },
      { operation: 'trial_grant', amount: 100, balance_after: 100, reference: null, cells: 1, refunded_cells: 0 },
    ])
    expect(page.count).toBe(6)

    const second = await (await browser.api.billing.credits.transactions.$get({ query: { perPage: '4', page: '2' } })).json()
    expect(second).toMatchObject({ count: 6, page: 2, totalPages: 2 })
    expect(second.data.map((entry) => entry.operation)).toEqual(['prompt_test', 'trial_grant'])
    const beyond = await (await browser.api.billing.credits.transactions.$get({ query: { perPage: '4', page: '3' } })).json()
    expect(beyond).toMatchObject({ data: [], count: 6, totalPages: 2 })
  })

  it('answers bad paging with 422', async () => {
    const { browser } = await newUserWithCredits(1)
    const res = await browser.request('/api/billing/credits/transactions?perPage=1000')
    expect(res.status).toBe(422)
  })
})
