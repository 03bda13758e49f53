import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db } from '#server/db/client'
import { creditTransactions, subscribers } from '#server/db/schema/index'
import { FakeStripeServer } from '#server/test/fake-stripe-server'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'

const WEBHOOK_SECRET = 'whsec_test_secret_for_rowcraft'
const stripe = new Stripe('sk_test_unused')
let fake: FakeStripeServer
let t: TestApp

beforeAll(async () => {
  fake = await new FakeStripeServer().start()
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_rowcraft',
    STRIPE_PRICE_ID: 'price_pro_monthly',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  })
})
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})

let eventCounter = 0
function event(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  eventCounter += 1
  return { id: `evt_test_${eventCounter}_${Date.now()}`, object: 'event', type, created, api_version: '2026-10-28.endive', data: { object } }
}

/** Delivers an event the way Stripe does: raw JSON body, signed with the webhook secret. */
async function deliver(body: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(body)
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret })
  return t.browser().request('/api/billing/webhooks/stripe', {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature, origin: 'https://stripe.example' },
  })
}

async function status(browser: TestBrowser) {
  return (await browser.api.billing.subscription.$get()).json()
}

async function subscriberOf(userId: string) {
  const [row] = await db.select().from(subscribers).where(eq(subscribers.userId, userId))
  return row!
}

async function checkedOutUser() {
  const { browser, user } = await t.signUpVerified()
  const userId = await t.userIdOf(browser)
  const res = await browser.api.billing.checkout.$post()
  expect(res.status).toBe(200)
  const customerId = (await subscriberOf(userId)).stripeCustomerId!
  return { browser, user, userId, customerId, checkout: await res.json() }
}

function subscriptionObject(input: { id: string; customerId: string; userId: string; status: string; trialDays?: number }) {
  const now = Math.floor(Date.now() / 1000)
  return {
    id: input.id,
    object: 'subscription',
    customer: input.customerId,
    status: input.status,
    metadata: { userId: input.userId },
    trial_start: input.trialDays ? now : null,
    trial_end: input.trialDays ? now + input.trialDays * 86_400 : null,
  }
}

describe('Stripe checkout and portal', () => {
  it('creates the customer once and a subscription Checkout with a 14-day trial', async () => {
    const { user, userId, customerId, checkout, browser } = await checkedOutUser()
    expect(checkout.provider).toBe('stripe')
    expect(checkout.url).toMatch(/^https:\/\/checkout\.stripe\.test\//)
    expect(customerId).toMatch(/^cus_/)

    const customers = fake.requestsTo('/v1/customers').filter((r) => r.params.get('metadata[userId]') === userId)
    expect(customers).toHaveLength(1)
    expect(customers[0]!.params.get('email')).toBe(user.email)
    expect(customers[0]!.idempotencyKey).toBe(`rowcraft-customer-${userId}`)

    const session = fake.requestsTo('/v1/checkout/sessions').at(-1)!
    expect(session.params.get('mode')).toBe('subscription')
    expect(session.params.get('customer')).toBe(customerId)
    expect(session.params.get('client_reference_id')).toBe(userId)
    expect(session.params.get('line_items[0][price]')).toBe('price_pro_monthly')
    expect(session.params.get('subscription_data[trial_period_days]')).toBe('14')

    // A second checkout reuses the customer.
    await browser.post('/api/billing/checkout', {})
    expect(fake.requestsTo('/v1/customers').filter((r) => r.params.get('metadata[userId]') === userId)).toHaveLength(1)
  })

  it('opens the Customer Portal for the user\u2019s customer and lists their invoices', async () => {
    const { browser, customerId } = await checkedOutUser()
    const portal = await (await browser.post('/api/billing/portal', {})).json()
    expect(portal).toMatchObject({ provider: 'stripe', url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\//) })
    expect(fake.requestsTo('/v1/billing_portal/sessions').at(-1)!.params.get('customer')).toBe(customerId)

    fake.invoices.push({
      id: 'in_1', object: 'invoice', customer: customerId, number: 'RC-0001', status: 'paid', amount_due: 2900,
      amount_paid: 2900, currency: 'usd', created: 1_790_000_000, hosted_invoice_url: 'https://invoice.stripe.test/in_1', invoice_pdf: null,
    })
    const list = await (await browser.api.billing.invoices.$get()).json()
    expect(list.configured).toBe(true)
    expect(list.invoices).toEqual([expect.objectContaining({ id: 'in_1', number: 'RC-0001', amount_paid: 2900, currency: 'usd' })])
    const other = (await t.signUpVerified()).browser
    expect((await (await other.api.billing.invoices.$get()).json()).invoices).toEqual([])
  })

  it('answers 503 in plain words when Stripe is down', async () => {
    const { browser } = await t.signUpVerified()
    fake.failWith = 500
    try {
      const res = await browser.api.billing.checkout.$post()
      expect(res.status).toBe(503)
      expect((await errorOf(res)).message).toMatch(/payment provider/)
    } finally {
      fake.failWith = null
    }
  })
})

describe('Stripe webhooks', () => {
  it('keeps subscribers true to Stripe through the trial, payment, failure and cancellation', async () => {
    const { browser, userId, customerId } = await checkedOutUser()
    expect((await status(browser)).has_access).toBe(false)

    const completed = await deliver(event('checkout.session.completed', {
      id: 'cs_1', object: 'checkout.session', client_reference_id: userId, customer: customerId, subscription: 'sub_1', status: 'complete', metadata: { userId },
    }))
    expect(completed.status).toBe(200)
    await deliver(event('customer.subscription.created', subscriptionObject({ id: 'sub_1', customerId, userId, status: 'trialing', trialDays: 14 })))
    let s = await status(browser)
    expect(s).toMatchObject({ subscribed: true, has_access: true, payment_method_valid: true, subscription_tier: 'trial', current_credits: 2000 })

    await deliver(event('customer.subscription.updated', subscriptionObject({ id: 'sub_1', customerId, userId, status: 'active' })))
    await deliver(event('invoice.paid', { id: 'in_2', object: 'invoice', customer: customerId }))
    s = await status(browser)
    expect(s).toMatchObject({ subscribed: true, subscription_tier: 'premium', payment_method_valid: true, is_in_grace_period: false })

    await deliver(event('invoice.payment_failed', { id: 'in_3', object: 'invoice', customer: customerId }))
    await deliver(event('customer.subscription.updated', subscriptionObject({ id: 'sub_1', customerId, userId, status: 'past_due' })))
    s = await status(browser)
    expect(s).toMatchObject({ subscribed: false, payment_method_valid: false, is_in_grace_period: true, has_access: true })
    const graceHours = (new Date(s.grace_period_ends_at!).getTime() - Date.now()) / 3_600_000
    expect(graceHours).toBeGreaterThan(71)
    expect(graceHours).toBeLessThanOrEqual(72)
    // Past due, the subscription still exists: 'Subscribe' goes to the portal, not a second checkout.
    const checkoutsBefore = fake.requestsTo('/v1/checkout/sessions').length
    const again = await (await browser.post('/api/billing/checkout', {})).json()
    expect(again).toMatchObject({ provider: 'stripe', url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\//) })
    expect(fake.requestsTo('/v1/checkout/sessions')).toHaveLength(checkoutsBefore)

    await deliver(event('invoice.paid', { id: 'in_4', object: 'invoice', customer: customerId }))
    s = await status(browser)
    expect(s).toMatchObject({ payment_method_valid: true, is_in_grace_period: false, has_access: true })

    await deliver(event('customer.subscription.deleted', subscriptionObject({ id: 'sub_1', customerId, userId, status: 'canceled' })))
    s = await status(browser)
    expect(s).toMatchObject({ subscribed: false, payment_method_valid: false, is_in_grace_period: false, has_access: false })

    // Late deliveries after the end: neither gives access back.
    await deliver(event('invoice.paid', { id: 'in_5', object: 'invoice', customer: customerId }))
    await deliver(event('checkout.session.completed', { id: 'cs_late', object: 'checkout.session', status: 'complete', customer: customerId, subscription: 'sub_1', client_reference_id: userId }))
    expect(await status(browser)).toMatchObject({ payment_method_valid: false, has_access: false })
  })

  it('applies a replayed event once', async () => {
    const { userId, customerId } = await checkedOutUser()
    const created = event('customer.subscription.created', subscriptionObject({ id: 'sub_r', customerId, userId, status: 'trialing', trialDays: 14 }))
    const first = await deliver(created)
    const again = await deliver(created)
    expect(await first.json()).toEqual({ received: true, duplicate: false })
    expect(await again.json()).toEqual({ received: true, duplicate: true })
    const grants = await db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId))
    expect(grants).toHaveLength(1)
    expect((await subscriberOf(userId)).currentCredits).toBe(2000)
  })

  it('ignores an older snapshot that arrives after a newer one', async () => {
    const { userId, customerId } = await checkedOutUser()
    const now = Math.floor(Date.now() / 1000)
    await deliver(event('customer.subscription.updated', subscriptionObject({ id: 'sub_o', customerId, userId, status: 'active' }), now))
    await deliver(event('customer.subscription.updated', subscriptionObject({ id: 'sub_o', customerId, userId, status: 'trialing', trialDays: 14 }), now - 60))
    expect((await subscriberOf(userId)).status).toBe('active')
  })

  it('refuses a bad signature, a missing one, and a stale one, changing nothing', async () => {
    const { userId, customerId } = await checkedOutUser()
    const body = event('customer.subscription.created', subscriptionObject({ id: 'sub_x', customerId, userId, status: 'active' }))
    expect((await deliver(body, 'whsec_wrong')).status).toBe(400)
    const unsigned = await t.browser().request('/api/billing/webhooks/stripe', { method: 'POST', body: JSON.stringify(body) })
    expect(unsigned.status).toBe(400)
    const payload = JSON.stringify(body)
    const stale = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 })
    const staleRes = await t.browser().request('/api/billing/webhooks/stripe', { method: 'POST', body: payload, headers: { 'stripe-signature': stale } })
    expect(staleRes.status).toBe(400)
    expect((await subscriberOf(userId)).subscribed).toBe(false)
  })
})
