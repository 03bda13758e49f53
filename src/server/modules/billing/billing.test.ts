import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECURITY_MONITOR } from '#common/constants'
import { db } from '#server/db/client'
import { securityEvents, subscribers } from '#server/db/schema/index'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { assertAiFieldCapacityOrThrow, assertChatAccessOrThrow } from './subscriptions.service.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

async function status(browser: TestBrowser) {
  const res = await browser.api.billing.subscription.$get()
  expect(res.status).toBe(200)
  return res.json()
}

function consume(browser: TestBrowser, key: string, credits = 1) {
  return browser.post('/api/billing/credits/consume', {
    operation_type: 'ai_enrichment_basic',
    credits_needed: credits,
    idempotency_key: key,
  })
}

describe('the subscriber row', () => {
  it('is created at sign-up, before anything reads it', async () => {
    const { browser } = await t.signUpVerified()
    const [created] = await db.select().from(subscribers).where(eq(subscribers.userId, await t.userIdOf(browser)))
    expect(created).toMatchObject({ subscriptionTier: 'trial', currentCredits: 0 })
  })

  it('is created on first use for an account from before sign-up created it', async () => {
    const { browser } = await t.signUpVerified()
    await db.delete(subscribers).where(eq(subscribers.userId, await t.userIdOf(browser)))
    expect(await status(browser)).toMatchObject({ subscription_tier: 'trial', current_credits: 0 })
  })
})

describe('the local provider', () => {
  it('shows a new user no access, then starts the 14-day trial with 2,000 credits and no card', async () => {
    const { browser } = await t.signUpVerified()
    const before = await status(browser)
    expect(before).toMatchObject({
      subscribed: false,
      subscription_tier: 'trial',
      current_credits: 0,
      has_access: false,
      is_trial_expired: true,
      trial_started_at: null,
      billing_provider: 'local',
    })

    const res = await browser.api.billing.checkout.$post()
    expect(await res.json()).toEqual({ provider: 'local', url: null })
    const after = await status(browser)
    expect(after).toMatchObject({ current_credits: 2000, has_access: true, is_trial_expired: false, payment_method_valid: false })
    const days = (new Date(after.trial_ends_at!).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(13.99)
    expect(days).toBeLessThanOrEqual(14)
    expect(after.features).toEqual({ chat_access: true, ai_fields_limit: 3, unlimited_storage: false })
  })

  it('gives the trial once: a second start changes nothing; after it ends, subscribing turns the plan on', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    await t.startTrial(browser)
    expect((await status(browser)).current_credits).toBe(2000)

    const userId = await t.userIdOf(browser)
    await db.update(subscribers).set({ trialEndsAt: new Date(Date.now() - 60_000) }).where(eq(subscribers.userId, userId))
    await db.update(subscribers).set({ currentCredits: 7 }).where(eq(subscribers.userId, userId))
    expect(await status(browser)).toMatchObject({ has_access: false, is_trial_expired: true })

    const res = await browser.post('/api/billing/checkout', {})
    expect(await res.json()).toEqual({ provider: 'local', url: null })
    expect(await status(browser)).toMatchObject({ has_access: true, subscribed: true, subscription_tier: 'premium', current_credits: 2000 })
    expect(await status(browser)).toMatchObject({ trial_ends_at: expect.any(String) })
  })

  it('sends the portal to the page that explains billing is not configured, with no invoices', async () => {
    const { browser } = await t.signUpVerified()
    const portal = await (await browser.post('/api/billing/portal', {})).json()
    expect(portal).toEqual({ provider: 'local', url: 'http://localhost:3000/dashboard/subscription/portal' })
    expect(await (await browser.request('/api/billing/invoices')).json()).toEqual({ configured: false, invoices: [] })
  })

  it('has no Stripe webhook endpoint', async () => {
    const res = await t.browser().request('/api/billing/webhooks/stripe', { method: 'POST', body: '{}', headers: { 'stripe-signature': 'x' } })
    expect(res.status).toBe(404)
  })
})

describe('payment setup flags', () => {
  it('records started, then completed (which clears started)', async () => {
    const { browser } = await t.signUpVerified()
    expect(await (await browser.request('/api/billing/payment-setup')).json()).toEqual({ payment_setup_started: false, payment_setup_completed: false })
    const started = await (await browser.api.billing['payment-setup'].$post({ json: { stage: 'started' } })).json()
    expect(started).toEqual({ payment_setup_started: true, payment_setup_completed: false })
    const done = await (await browser.api.billing['payment-setup'].$post({ json: { stage: 'completed' } })).json()
    expect(done).toEqual({ payment_setup_started: false, payment_setup_completed: true })
  })

  it('answers an unknown stage with 422', async () => {
    const { browser } = await t.signUpVerified()
    expect((await browser.post('/api/billing/payment-setup', { stage: 'paid' })).status).toBe(422)
  })
})

describe('the server-side gate (requirePaidAccess on consume-credits)', () => {
  async function userWith(state: Partial<typeof subscribers.$inferInsert>) {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    const userId = await t.userIdOf(browser)
    const past = new Date(Date.now() - 60_000)
    await db
      .update(subscribers)
      .set({ trialEndsAt: past, subscribed: false, paymentMethodValid: false, gracePeriodEndsAt: null, ...state })
      .where(eq(subscribers.userId, userId))
    return { browser, userId }
  }

  it('refuses a user whose trial ended a minute ago with 402 and logs payment_gate_blocked', async () => {
    const { browser, userId } = await userWith({})
    const res = await consume(browser, 'gate-blocked-1')
    expect(res.status).toBe(402)
    const events = await db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, userId), eq(securityEvents.eventType, 'payment_gate_blocked')))
    expect(events).toEqual([expect.objectContaining({ severity: 'medium', details: expect.objectContaining({ source: 'server' }) })])
  })

  // The dates are taken when the test runs, not when the file is collected: on a busy machine the
  // file's setup alone can take longer than the minute.
  it.each([
    ['a trial ending in a minute', () => ({ trialEndsAt: new Date(Date.now() + 60_000) })],
    ['a grace period ending in a minute', () => ({ gracePeriodEndsAt: new Date(Date.now() + 60_000) })],
    ['an active subscription', () => ({ subscribed: true })],
    ['a valid payment method', () => ({ paymentMethodValid: true })],
  ])('passes %s', async (_name, state) => {
    const { browser } = await userWith(state())
    const res = await consume(browser, `gate-pass-${Math.random()}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, remaining_credits: 1999, error: null })
  })

  it('refuses a grace period that ended a minute ago', async () => {
    const { browser } = await userWith({ gracePeriodEndsAt: new Date(Date.now() - 60_000) })
    expect((await consume(browser, 'grace-over')).status).toBe(402)
  })

  it('answers an insufficient balance with 402 and the remaining credits', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    const res = await consume(browser, 'too-much-1', 2001)
    expect(res.status).toBe(402)
    const error = await errorOf(res)
    expect(error.message).toBe('Insufficient credits: this needs 2001 credits. You have 2000 remaining.')
    expect(error.details).toEqual({ remaining_credits: 2000 })
  })

  it('answers bad input with 422, never a crash', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    for (const body of [{}, { operation_type: 'steal', credits_needed: 1, idempotency_key: 'abcdefgh' }, { operation_type: 'chat_query', credits_needed: -8, idempotency_key: 'abcdefgh' }]) {
      expect((await browser.post('/api/billing/credits/consume', body)).status).toBe(422)
    }
    const res = await browser.request('/api/billing/credits/consume', { method: 'POST', body: '{not json', headers: { 'content-type': 'application/json' } })
    expect(res.status).toBeLessThan(500)
  })
})

describe('ownership', () => {
  it('refuses anonymous calls and shows each user only their own subscription', async () => {
    expect((await t.browser().request('/api/billing/subscription')).status).toBe(401)
    expect((await t.browser().post('/api/billing/checkout', {})).status).toBe(401)
    const alice = (await t.signUpVerified()).browser
    const bob = (await t.signUpVerified()).browser
    await t.startTrial(alice)
    await consume(alice, 'alice-spends', 5)
    expect((await status(alice)).current_credits).toBe(1995)
    expect((await status(bob)).current_credits).toBe(0)
    expect((await consume(bob, 'bob-tries')).status).toBe(402)
  })
})

describe('client security events', () => {
  it('stores a bypass attempt as high severity for the signed-in user, whatever severity the client claims', async () => {
    const { browser } = await t.signUpVerified()
    const userId = await t.userIdOf(browser)
    const res = await browser.post('/api/security/events', {
      event_type: 'payment_bypass_attempt',
      details: { params: 'bypass,admin', severity: 'low' },
    })
    expect(res.status).toBe(201)
    const [event] = await db.select().from(securityEvents).where(eq(securityEvents.userId, userId))
    expect(event).toMatchObject({ eventType: 'payment_bypass_attempt', severity: 'high' })
    expect((await browser.post('/api/security/events', { event_type: 'grant_me_access' })).status).toBe(422)
    expect((await t.browser().post('/api/security/events', { event_type: 'payment_gate_blocked' })).status).toBe(401)
  })

  it("takes a user's browser at its word a limited number of times an hour, and no other user pays for it", async () => {
    const { browser } = await t.signUpVerified()
    const userId = await t.userIdOf(browser)
    for (let i = 0; i < SECURITY_MONITOR.clientEventsPerWindow; i += 1) {
      expect((await browser.post('/api/security/events', { event_type: 'payment_gate_blocked' })).status).toBe(201)
    }
    const refused = await browser.post('/api/security/events', { event_type: 'payment_bypass_attempt' })
    expect(refused.status).toBe(429)
    const stored = await db.select().from(securityEvents).where(eq(securityEvents.userId, userId))
    expect(stored).toHaveLength(SECURITY_MONITOR.clientEventsPerWindow)
    const { browser: other } = await t.signUpVerified()
    expect((await other.post('/api/security/events', { event_type: 'payment_gate_blocked' })).status).toBe(201)
  })
})

describe('tier rules for later modules', () => {
  it('refuses chat to a basic user whose trial has expired, with the Feature Restricted text', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    const userId = await t.userIdOf(browser)
    await expect(assertChatAccessOrThrow({ userId })).resolves.toBeUndefined()
    await db
      .update(subscribers)
      .set({ subscriptionTier: 'basic', trialEndsAt: new Date(Date.now() - 1000), paymentMethodValid: true })
      .where(eq(subscribers.userId, userId))
    await expect(assertChatAccessOrThrow({ userId })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'AI Chat requires credits. Please add more credits to continue using this feature.',
      details: { title: 'Feature Restricted' },
    })
  })

  it('caps AI fields at 3 on the trial and 5 on basic', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    const userId = await t.userIdOf(browser)
    await expect(assertAiFieldCapacityOrThrow({ userId, existingFields: 2 })).resolves.toBeUndefined()
    await expect(assertAiFieldCapacityOrThrow({ userId, existingFields: 3 })).rejects.toThrow(/allows up to 3 AI fields/)
    await db.update(subscribers).set({ subscriptionTier: 'basic' }).where(eq(subscribers.userId, userId))
    await expect(assertAiFieldCapacityOrThrow({ userId, existingFields: 4 })).resolves.toBeUndefined()
    await expect(assertAiFieldCapacityOrThrow({ userId, existingFields: 5 })).rejects.toThrow(/allows up to 5 AI fields/)
  })
})
