import { eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db } from '#server/db/client'
import { creditTransactions, loginHistory, securityEvents, subscribers } from '#server/db/schema/index'
import { consumeCredits, grantCredits } from '#server/modules/billing/credits.service'
import { listSchedules } from '#server/platform/queue'
import { createTestApp, type TestApp } from '#server/test/test-app'
import { runSecurityMonitor } from './security.jobs.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
})
afterAll(async () => {
  await t?.close()
})

/** A user on a running trial with this many credits: the charge asks the payment gate. */
async function onTrialWith(userId: string, credits: number) {
  await grantCredits({ userId, operation: 'trial_grant', amount: credits, idempotencyKey: 'seed' })
  await db.update(subscribers).set({ trialEndsAt: new Date(Date.now() + 86_400_000) }).where(eq(subscribers.userId, userId))
}

async function eventsOf(userId: string) {
  return db.select().from(securityEvents).where(eq(securityEvents.userId, userId))
}

async function logins(userId: string, n: number, minutesAgo: number) {
  const at = new Date(Date.now() - minutesAgo * 60_000)
  await db.insert(loginHistory).values(Array.from({ length: n }, () => ({ userId, method: 'email', createdAt: at })))
}

describe('the security monitor', () => {
  it('is scheduled every 2 minutes, and the monthly credit reset every hour', async () => {
    const schedules = await listSchedules()
    expect(schedules).toEqual(
      expect.arrayContaining([
        { name: 'security.monitor', cron: '*/2 * * * *' },
        { name: 'billing.monthly-credit-reset', cron: '7 * * * *' },
      ]),
    )
  })

  it('logs rapid_login_attempts (high) for more than 5 sign-ins in 5 minutes, once per burst', async () => {
    const { browser } = await t.signUpVerified() // the verification link signs in once
    const userId = await t.userIdOf(browser)
    await logins(userId, 4, 1)
    await runSecurityMonitor()
    expect(await eventsOf(userId)).toHaveLength(0) // 5 is not more than 5

    await logins(userId, 1, 1)
    await runSecurityMonitor()
    await runSecurityMonitor()
    const events = await eventsOf(userId)
    expect(events).toEqual([expect.objectContaining({ eventType: 'rapid_login_attempts', severity: 'high' })])
    expect(events[0]!.details).toMatchObject({ logins: 6 })
  })

  it('ignores sign-ins older than 5 minutes', async () => {
    const { browser } = await t.signUpVerified()
    const userId = await t.userIdOf(browser)
    await logins(userId, 10, 6)
    await runSecurityMonitor()
    expect(await eventsOf(userId)).toHaveLength(0)
  })

  it('logs excessive_credit_usage (medium) above 100 credits in 10 minutes, not at 100', async () => {
    const { browser } = await t.signUpVerified()
    const userId = await t.userIdOf(browser)
    await onTrialWith(userId, 500)
    for (let i = 0; i < 12; i += 1) {
      await consumeCredits({ userId, operation: 'chat_query', amount: 8, idempotencyKey: `chat-${i}` })
    }
    await consumeCredits({ userId, operation: 'prompt_test', amount: 4, idempotencyKey: 'test-1' })
    await runSecurityMonitor()
    expect(await eventsOf(userId)).toHaveLength(0)

    await consumeCredits({ userId, operation: 'prompt_test', amount: 1, idempotencyKey: 'test-2' })
    await runSecurityMonitor()
    expect(await eventsOf(userId)).toEqual([
      expect.objectContaining({ eventType: 'excessive_credit_usage', severity: 'medium', details: expect.objectContaining({ credits: 101 }) }),
    ])
  })
  it("reports nobody for a deleted account's anonymised ledger rows", async () => {
    const { browser } = await t.signUpVerified()
    const userId = await t.userIdOf(browser)
    await onTrialWith(userId, 500)
    await consumeCredits({ userId, operation: 'chat_query', amount: 150, idempotencyKey: 'big' })
    await db.update(creditTransactions).set({ userId: null }).where(eq(creditTransactions.userId, userId))
    await runSecurityMonitor()
    expect(await db.select().from(securityEvents).where(isNull(securityEvents.userId))).toEqual([])
  })
})
