import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROFILE_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import {
  account,
  aiCells,
  aiFieldTemplates,
  aiFields,
  creditTransactions,
  csvUploads,
  exports,
  folders,
  session,
  subscribers,
  twoFactor,
  user,
  userApiKeys,
} from '#server/db/schema/index'
import { FakeStripeServer } from '#server/test/fake-stripe-server'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { totpCode } from '#server/test/totp'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { avatarPath } from './profile.service.ts'

let t: TestApp
let stripe: FakeStripeServer

const leads = csvOf(['Name', 'Company'], [['Ada', 'Acme'], ['Bob', 'Globex'], ['Cy', 'Initech']])

beforeAll(async () => {
  stripe = await new FakeStripeServer().start()
  t = await createTestApp(
    { STRIPE_SECRET_KEY: 'sk_test_rowcraft', STRIPE_PRICE_ID: 'price_pro_monthly', STRIPE_WEBHOOK_SECRET: 'whsec_test', STRIPE_API_BASE: stripe.url },
    { withWorkers: true },
  )
}, 120_000)
afterAll(async () => {
  await t?.close()
  await stripe?.stop()
})

const deleteAccount = (browser: TestBrowser, body: { password?: string; email?: string }) => browser.post('/api/profile/delete-account', body)
const partitionCount = async (uploadId: string) =>
  Number((await queryRows<{ n: string }>(sql`SELECT count(*) AS n FROM pg_class WHERE relname = ${`csv_rows_u_${uploadId.replace(/-/g, '')}`}`))[0]!.n)

/** A user with one of everything: a file in a folder with an AI field, cells and an export, a template, an API key, credits, an avatar, two-factor. */
async function populatedUser() {
  const { browser, user: credentials } = await t.signUpVerified()
  const userId = await t.userIdOf(browser)
  const folder = await (await browser.api.folders.$post({ json: { name: 'Leads' } })).json()
  const uploadId = await importCsv(browser, 'leads.csv', leads)
  expect((await browser.request(`/api/uploads/${uploadId}/folder`, { method: 'PUT', json: { folderId: folder.id } })).status).toBe(200)
  const exported = await browser.request(`/api/uploads/${uploadId}/exports`, { method: 'POST', json: { format: 'csv', scope: 'all' } })
  expect(exported.status).toBe(200)
  await exported.text()
  // The paid gate for AI fields: a live Stripe subscription, as its webhook would have stored it.
  expect((await browser.request('/api/billing/subscription')).status).toBe(200)
  await db
    .update(subscribers)
    .set({ subscribed: true, status: 'active', paymentMethodValid: true, subscriptionTier: 'pro', stripeCustomerId: `cus_${userId.slice(0, 8)}`, stripeSubscriptionId: `sub_${userId.slice(0, 8)}` })
    .where(eq(subscribers.userId, userId))
  await db.insert(creditTransactions).values({ userId, operation: 'trial_grant', amount: 500, balanceAfter: 500, idempotencyKey: 'trial_grant' })
  const field = await browser.api.uploads[':id']['ai-fields'].$post({ param: { id: uploadId }, json: { name: 'Industry', prompt: 'Which industry is {Company} in?' } })
  expect(field.status, await field.clone().text()).toBe(201)
  const { id: fieldId } = await field.json()
  await db.insert(aiCells).values({ fieldId, uploadId, rowIndex: 0, status: 'done', value: 'Manufacturing' })
  const template = { name: 'Industry', field_name: 'Industry', prompt_template: 'Which industry is {Company} in?', enable_advanced_search: false }
  expect((await browser.post('/api/templates', template)).status).toBe(201)
  // Saving a key through the API checks it with the provider; the stored shape is what matters here.
  await db.insert(userApiKeys).values({ userId, provider: 'openai', encryptedKey: 'sealed', lastFour: '1234', isActive: true })
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#336699' } }).png().toBuffer()
  const form = new FormData()
  form.set('file', new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }))
  expect((await browser.request('/api/profile/avatar', { method: 'POST', body: form })).status).toBe(200)
  const enabled = (await (await browser.post('/api/auth/two-factor/enable', { password: credentials.password })).json()) as { totpURI: string }
  expect((await browser.post('/api/auth/two-factor/verify-totp', { code: await totpCode(enabled.totpURI) })).status).toBe(200)
  return { browser, credentials, userId, uploadId, folderId: folder.id, fieldId }
}

async function ownedCounts(userId: string) {
  const count = async (table: typeof folders | typeof csvUploads | typeof exports | typeof aiFieldTemplates | typeof userApiKeys | typeof session | typeof account | typeof twoFactor | typeof aiFields | typeof subscribers) =>
    (await db.select().from(table).where(eq(table.userId, userId))).length
  return {
    user: (await db.select().from(user).where(eq(user.id, userId))).length,
    folders: await count(folders),
    uploads: await count(csvUploads),
    aiFields: await count(aiFields),
    exports: await count(exports),
    templates: await count(aiFieldTemplates),
    apiKeys: await count(userApiKeys),
    sessions: await count(session),
    accounts: await count(account),
    twoFactor: await count(twoFactor),
    subscriber: await count(subscribers),
  }
}

describe('deleting the account', () => {
  it('refuses a wrong or missing password and deletes nothing', async () => {
    const { browser, userId } = await populatedUser()
    const before = await ownedCounts(userId)
    for (const body of [{ password: 'not-my-password' }, {}, { email: 'whoever@example.com' }]) {
      const res = await deleteAccount(browser, body)
      expect(res.status).toBe(403)
      expect((await errorOf(res)).message).toBe(PROFILE_MESSAGES.deleteAccountMismatch)
    }
    expect(await ownedCounts(userId)).toEqual(before)
    expect(stripe.requests.filter((r) => r.method === 'DELETE')).toEqual([])
    expect((await t.browser().post('/api/profile/delete-account', { password: 'x' })).status).toBe(401)
  })

  it("removes every file, row, cell, export, folder, template, key, session and the Stripe link, keeps the ledger anonymised, and leaves another user's data alone", async () => {
    const alice = await populatedUser()
    const bob = await populatedUser()
    const bobBefore = await ownedCounts(bob.userId)
    const [stored] = await db.select().from(csvUploads).where(eq(csvUploads.id, alice.uploadId))
    expect(existsSync(stored!.storagePath)).toBe(true)
    expect(existsSync(avatarPath(alice.userId))).toBe(true)
    const other = t.browser()
    const signedIn = await other.post('/api/auth/sign-in/email', { email: alice.credentials.email, password: alice.credentials.password })
    expect(((await signedIn.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true)

    const res = await deleteAccount(alice.browser, { password: alice.credentials.password })
    expect(res.status, await res.clone().text()).toBe(200)

    expect(await ownedCounts(alice.userId)).toEqual({
      user: 0, folders: 0, uploads: 0, aiFields: 0, exports: 0, templates: 0, apiKeys: 0, sessions: 0, accounts: 0, twoFactor: 0, subscriber: 0,
    })
    expect(await db.select().from(aiCells).where(eq(aiCells.uploadId, alice.uploadId))).toEqual([])
    expect(await partitionCount(alice.uploadId)).toBe(0)
    expect(existsSync(join(t.dataDir, 'uploads', alice.userId))).toBe(false)
    expect(existsSync(avatarPath(alice.userId))).toBe(false)
    // The subscription was cancelled at Stripe before the link went.
    const cancels = stripe.requests.filter((r) => r.method === 'DELETE')
    expect(cancels.map((r) => r.path)).toEqual([`/v1/subscriptions/sub_${alice.userId.slice(0, 8)}`])
    // The ledger row is kept for accounting, with nothing pointing at the person.
    const ledger = await db.select().from(creditTransactions).where(eq(creditTransactions.idempotencyKey, 'trial_grant'))
    expect(ledger.filter((row) => row.userId === null)).toHaveLength(1)
    expect(ledger.filter((row) => row.userId === bob.userId)).toHaveLength(1)

    // Signed out everywhere, and the credentials no longer work.
    expect(await (await alice.browser.request('/api/auth/get-session')).json()).toBeNull()
    expect((await other.post('/api/auth/two-factor/verify-totp', { code: '123456' })).status).toBe(401)
    const again = await t.browser().post('/api/auth/sign-in/email', { email: alice.credentials.email, password: alice.credentials.password })
    expect(again.status).toBe(401)

    // Bob's things are all there.
    expect(await ownedCounts(bob.userId)).toEqual(bobBefore)
    expect(await partitionCount(bob.uploadId)).toBe(1)
    expect((await bob.browser.request(`/api/uploads/${bob.uploadId}`)).status).toBe(200)
    expect(existsSync(avatarPath(bob.userId))).toBe(true)
  })

  it('keeps everything when Stripe cannot cancel the subscription', async () => {
    const { browser, credentials, userId } = await populatedUser()
    const before = await ownedCounts(userId)
    stripe.failWith = 500
    try {
      const res = await deleteAccount(browser, { password: credentials.password })
      expect(res.status).toBe(503)
    } finally {
      stripe.failWith = null
    }
    expect(await ownedCounts(userId)).toEqual(before)
  })

  it('asks a Google-only user to type the e-mail', async () => {
    const { browser, user: credentials } = await t.signUpVerified()
    const userId = await t.userIdOf(browser)
    // As if the account had only ever signed in with Google.
    await db.update(account).set({ providerId: 'google', password: null }).where(eq(account.userId, userId))
    expect((await deleteAccount(browser, { password: credentials.password })).status).toBe(403)
    expect((await deleteAccount(browser, { email: 'someone@else.com' })).status).toBe(403)
    const res = await deleteAccount(browser, { email: ` ${credentials.email.toUpperCase()} ` })
    expect(res.status, await res.clone().text()).toBe(200)
    expect((await ownedCounts(userId)).user).toBe(0)
  })
})
