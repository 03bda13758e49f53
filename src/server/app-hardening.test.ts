import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SERVER_ORIGIN, REQUEST_BODY_LIMITS } from '#common/constants'
import { REQUEST_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { creditTransactions, securityEvents } from '#server/db/schema/index'
import { env, loadEnv, setEnv } from '#server/env'
import { createTestApp, type TestApp } from '#server/test/test-app'

let t: TestApp
beforeAll(async () => {
  // What `npm start` runs: development mode, but no Vite dev server beside it.
  t = await createTestApp({ NODE_ENV: 'development' })
})
afterAll(async () => {
  await t?.close()
})

const tooLarge = { error: { code: 'PAYLOAD_TOO_LARGE', message: REQUEST_MESSAGES.bodyTooLarge(1) } }
const overOneMb = 'x'.repeat(REQUEST_BODY_LIMITS.defaultBytes + 1)

describe('the JSON body limit', () => {
  it('refuses an oversized body on an API route with 413 in the error contract and stores nothing', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    const userId = await t.userIdOf(browser)
    const body = { operation_type: 'chat_query', credits_needed: 1, idempotency_key: 'big-metadata', metadata: { blob: overOneMb } }
    const res = await browser.post('/api/billing/credits/consume', body)
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual(tooLarge)
    const debits = (await db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId))).filter((r) => r.amount < 0)
    expect(debits).toHaveLength(0)

    const event = await browser.post('/api/security/events', { event_type: 'payment_gate_blocked', details: { a: overOneMb } })
    expect(event.status).toBe(413)
    expect(await db.select().from(securityEvents).where(eq(securityEvents.userId, userId))).toHaveLength(0)
  })

  it('refuses an oversized sign-in, also when it comes in chunks without a length', async () => {
    const declared = await t.browser().post('/api/auth/sign-in/email', { email: 'a@example.com', password: overOneMb })
    expect(declared.status).toBe(413)
    expect(await declared.json()).toEqual(tooLarge)

    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > REQUEST_BODY_LIMITS.defaultBytes * 4) return controller.close()
        sent += chunk.length
        controller.enqueue(chunk)
      },
    })
    const chunked = await t.browser().request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(chunked.status).toBe(413)
  })

  it('lets a body under the limit through, and the export its larger one', async () => {
    const { browser, user } = await t.signUpVerified()
    const wrong = await browser.post('/api/auth/sign-in/email', { email: user.email, password: 'Wrong-password1!', pad: 'x'.repeat(900_000) })
    expect(wrong.status).toBe(401)
    // A selection of 300,000 rows (about 2 MB) reaches the route, which answers for the missing file.
    const rowIndexes = Array.from({ length: 300_000 }, (_, i) => i)
    const res = await browser.post('/api/uploads/00000000-0000-4000-8000-000000000000/exports', { format: 'csv', scope: 'selected', rowIndexes })
    expect(res.status).toBe(404)
  })
})

describe('the Vite dev origin', () => {
  const post = (origin: string) =>
    t.browser().request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-password1!' }),
    })

  it('is refused under a plain start in development mode', async () => {
    const res = await post(DEV_SERVER_ORIGIN)
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ error: { code: 'FORBIDDEN' } })
    expect(env.devServerOrigin).toBeNull()
  })

  it('is trusted only while `npm run dev` runs the dev server', async () => {
    const base = { NODE_ENV: 'development', DATA_DIR: t.dataDir }
    expect(loadEnv({ ...base, npm_lifecycle_event: 'start' }).devServerOrigin).toBeNull()
    expect(loadEnv({ ...base, NODE_ENV: 'production', npm_lifecycle_event: 'dev' }).devServerOrigin).toBeNull()
    const dev = loadEnv({ ...base, npm_lifecycle_event: 'dev' })
    expect(dev.devServerOrigin).toBe(DEV_SERVER_ORIGIN)

    const started = env
    setEnv({ ...started, devServerOrigin: dev.devServerOrigin })
    try {
      expect((await post(DEV_SERVER_ORIGIN)).status).toBe(401)
    } finally {
      setEnv(started)
    }
  })
})
