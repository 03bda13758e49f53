import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { API_TOKENS } from '#common/constants'
import { API_TOKEN_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { createTestApp, errorOf, type TestApp } from '#server/test/test-app'
import { createFailedAttemptLimiter } from './failed-attempts.ts'

let t: TestApp
beforeAll(async () => {
  // Behind a proxy, so each test can speak from an address of its own.
  t = await createTestApp({ TRUST_PROXY: 'true' })
})
afterAll(async () => {
  await t?.close()
})

const randomToken = () => `rc_${randomBytes(32).toString('base64url')}`
const from = (address: string, token: string) => t.browser().request('/api/uploads', { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address } })

it('answers 429 with Retry-After once an address has sent too many bad tokens, with no database work per refused call', async () => {
  const { browser } = await t.signUpVerified()
  const { token } = await (await browser.post('/api/api-tokens', { name: 'good', scope: 'read' })).json()

  // The window is a fixed minute: start early in one, so the whole test stays inside it.
  const intoMinute = Date.now() % 60_000
  if (intoMinute > 30_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100))
  const statuses: number[] = []
  for (let i = 0; i < API_TOKENS.failedAttemptsPerMinute; i++) statuses.push((await from('203.0.113.7', randomToken())).status)
  expect(statuses.every((status) => status === 401)).toBe(true)

  const updates = vi.spyOn(db, 'update')
  const selects = vi.spyOn(db, 'select')
  try {
    for (let i = 0; i < 50; i++) {
      const res = await from('203.0.113.7', randomToken())
      expect(res.status).toBe(429)
      const retryAfter = Number(res.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(60)
      if (i === 0) expect(await errorOf(res)).toEqual({ code: 'RATE_LIMITED', message: API_TOKEN_MESSAGES.tooManyFailures(retryAfter) })
    }
    // The address is limited whatever it sends until the minute ends; a malformed header too.
    expect((await from('203.0.113.7', token)).status).toBe(429)
    expect((await from('203.0.113.7', 'not-a-token')).status).toBe(429)
    expect(updates).not.toHaveBeenCalled()
    expect(selects).not.toHaveBeenCalled()
  } finally {
    updates.mockRestore()
    selects.mockRestore()
  }

  // Another address, and the same user's browser session, are not limited.
  expect((await from('198.51.100.20', token)).status).toBe(200)
  expect((await browser.request('/api/uploads', { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(200)
})

it('counts failures in a fixed minute per address, and forgets them when the minute ends', () => {
  let now = Date.UTC(2026, 10, 27, 12, 0, 10)
  const limiter = createFailedAttemptLimiter({ limit: 3, now: () => now })
  for (let i = 0; i < 3; i++) {
    expect(limiter.blockedFor('a')).toBeNull()
    limiter.recordFailure('a')
  }
  expect(limiter.blockedFor('a')).toBe(50)
  expect(limiter.blockedFor('b')).toBeNull()
  now += 49_500
  expect(limiter.blockedFor('a')).toBe(1)
  now += 1_000
  expect(limiter.blockedFor('a')).toBeNull()
})
