import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IDEMPOTENCY_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { creditTransactions, subscribers } from '#server/db/schema/index'
import { createTestApp, type TestApp } from '#server/test/test-app'
import { resetMonthlyCredits } from './credits.service.ts'
import { startLocalPlan } from './subscriptions.service.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

async function balance(userId: string) {
  const [row] = await db.select().from(subscribers).where(eq(subscribers.userId, userId))
  return row!.currentCredits
}

const ledger = (userId: string) => db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId))

describe('an idempotency key replayed with other terms', () => {
  it('answers a conflict and charges nothing, while a true replay still succeeds once', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    const userId = await t.userIdOf(browser)
    const consume = (credits: number, operation = 'ai_enrichment_basic') =>
      browser.post('/api/billing/credits/consume', { operation_type: operation, credits_needed: credits, idempotency_key: 'replayed-key-1' })

    expect((await consume(5)).status).toBe(200)
    expect(await balance(userId)).toBe(1995)

    const otherAmount = await consume(50)
    expect(otherAmount.status).toBe(409)
    expect(await otherAmount.json()).toEqual({ error: { code: 'CONFLICT', message: IDEMPOTENCY_MESSAGES.keyReused } })
    const otherOperation = await consume(5, 'chat_query')
    expect(otherOperation.status).toBe(409)

    const replay = await consume(5)
    expect(replay.status).toBe(200)
    expect(await replay.json()).toMatchObject({ success: true, remaining_credits: 1995 })
    expect(await balance(userId)).toBe(1995)
    expect((await ledger(userId)).filter((r) => r.amount < 0)).toHaveLength(1)
  })
})

describe('the monthly reset', () => {
  it('writes one ledger row per month, however many checkouts start the plan at once', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    const userId = await t.userIdOf(browser)
    expect((await browser.post('/api/billing/credits/consume', { operation_type: 'chat_query', credits_needed: 8, idempotency_key: 'spend-key-1' })).status).toBe(200)

    const now = new Date('2026-03-10T12:00:00Z')
    await Promise.all(Array.from({ length: 5 }, () => startLocalPlan({ userId }, now)))
    await resetMonthlyCredits({ userId }, new Date(now.getTime() + 1000))
    const resets = (await ledger(userId)).filter((r) => r.operation === 'monthly_reset')
    expect(resets.map((r) => r.amount)).toEqual([8])
    expect(await balance(userId)).toBe(2000)

    // The unique key is the period itself: next month's reset goes in.
    const nextMonth = new Date('2026-04-10T12:00:00Z')
    expect((await resetMonthlyCredits({ userId }, nextMonth)).applied).toBe(true)
    expect((await ledger(userId)).filter((r) => r.operation === 'monthly_reset')).toHaveLength(2)
  })
})
