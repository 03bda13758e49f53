import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { loginHistory, twoFactor } from '#server/db/schema/index'
import { createTestApp, type TestApp, type TestBrowser, type TestUser } from '#server/test/test-app'
import { totpCode, wrongTotpCode } from '#server/test/totp'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

type Enabled = { totpURI: string; backupCodes: string[] }

/** Turns two-factor on the way the profile does: enable with the password, then a correct code. */
async function enableTwoFactor(browser: TestBrowser, user: TestUser): Promise<Enabled> {
  const res = await browser.post('/api/auth/two-factor/enable', { password: user.password })
  expect(res.status, await res.clone().text()).toBe(200)
  const enabled = (await res.json()) as Enabled
  const verified = await browser.post('/api/auth/two-factor/verify-totp', { code: await totpCode(enabled.totpURI) })
  expect(verified.status, await verified.clone().text()).toBe(200)
  return enabled
}

const session = async (browser: TestBrowser) =>
  (await (await browser.request('/api/auth/get-session')).json()) as { user: { id: string; twoFactorEnabled: boolean } } | null

/** The password step: with two-factor on it answers `twoFactorRedirect` and no session. */
async function passwordStep(user: TestUser) {
  const browser = t.browser()
  const res = await browser.post('/api/auth/sign-in/email', { email: user.email, password: user.password })
  expect(res.status).toBe(200)
  return { browser, body: (await res.json()) as { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } }
}

describe('two-factor sign-in', () => {
  it('stays off until a correct code confirms the set-up', async () => {
    const { browser, user } = await t.signUpVerified()
    const wrongPassword = await browser.post('/api/auth/two-factor/enable', { password: 'not-my-password' })
    expect(wrongPassword.status).toBe(400)

    const res = await browser.post('/api/auth/two-factor/enable', { password: user.password })
    const { totpURI, backupCodes } = (await res.json()) as Enabled
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Rowcraft:.+secret=[A-Z2-7]+/)
    expect(backupCodes).toHaveLength(10)
    expect((await session(browser))?.user.twoFactorEnabled).toBe(false)
    // Not confirmed yet: signing in still needs only the password.
    expect((await passwordStep(user)).body.twoFactorRedirect).toBeUndefined()

    const wrong = await browser.post('/api/auth/two-factor/verify-totp', { code: await wrongTotpCode(totpURI) })
    expect(wrong.status).toBe(401)
    expect((await session(browser))?.user.twoFactorEnabled).toBe(false)

    expect((await browser.post('/api/auth/two-factor/verify-totp', { code: await totpCode(totpURI) })).status).toBe(200)
    expect((await session(browser))?.user.twoFactorEnabled).toBe(true)
  })

  it('asks for the code after the password, refuses a wrong one and signs in with the right one', async () => {
    const { browser: setup, user } = await t.signUpVerified()
    const { totpURI } = await enableTwoFactor(setup, user)
    const userId = (await session(setup))!.user.id
    const loginsBefore = (await db.select().from(loginHistory).where(eq(loginHistory.userId, userId))).length

    const { browser, body } = await passwordStep(user)
    expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })
    expect(await session(browser)).toBeNull()

    const wrong = await browser.post('/api/auth/two-factor/verify-totp', { code: await wrongTotpCode(totpURI) })
    expect(wrong.status).toBe(401)
    expect(await session(browser)).toBeNull()

    const right = await browser.post('/api/auth/two-factor/verify-totp', { code: await totpCode(totpURI) })
    expect(right.status, await right.clone().text()).toBe(200)
    expect((await session(browser))?.user.id).toBe(userId)
    // One sign-in recorded, for the code step; the password step's throwaway session is not one.
    const logins = await db.select().from(loginHistory).where(eq(loginHistory.userId, userId))
    expect(logins.length - loginsBefore).toBe(1)

    // A code without a password step first is refused.
    expect((await t.browser().post('/api/auth/two-factor/verify-totp', { code: await totpCode(totpURI) })).status).toBe(401)
  })

  it('accepts each backup code once', async () => {
    const { browser: setup, user } = await t.signUpVerified()
    const { backupCodes } = await enableTwoFactor(setup, user)
    const code = backupCodes[0]!

    const first = await passwordStep(user)
    const used = await first.browser.post('/api/auth/two-factor/verify-backup-code', { code })
    expect(used.status, await used.clone().text()).toBe(200)
    expect(await session(first.browser)).not.toBeNull()

    const second = await passwordStep(user)
    expect((await second.browser.post('/api/auth/two-factor/verify-backup-code', { code })).status).toBe(401)
    expect(await session(second.browser)).toBeNull()
    expect((await second.browser.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1] })).status).toBe(200)
  })

  it('makes the user wait after 5 wrong codes, even with the right code and a new password step', async () => {
    const { browser: setup, user } = await t.signUpVerified()
    const { totpURI } = await enableTwoFactor(setup, user)
    const { browser } = await passwordStep(user)
    for (let i = 0; i < 5; i += 1) {
      expect((await browser.post('/api/auth/two-factor/verify-totp', { code: await wrongTotpCode(totpURI) })).status).toBe(401)
    }
    const again = await passwordStep(user)
    const locked = await again.browser.post('/api/auth/two-factor/verify-totp', { code: await totpCode(totpURI) })
    expect(locked.status).toBe(429)
    const body = (await locked.json()) as { code: string; message: string; retryAfterMinutes: number }
    expect(body).toMatchObject({ code: 'RATE_LIMITED', retryAfterMinutes: 15, message: AUTH_MESSAGES.rateLimitBody(15) })
    expect(locked.headers.get('retry-after')).toBe('900')
    expect(await session(again.browser)).toBeNull()
    // Backup codes are behind the same lock.
    expect((await again.browser.post('/api/auth/two-factor/verify-backup-code', { code: 'whatever' })).status).toBe(429)

    // Once the lock has passed, the right code signs in.
    const userId = (await session(setup))!.user.id
    await db.update(twoFactor).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(twoFactor.userId, userId))
    const after = await again.browser.post('/api/auth/two-factor/verify-totp', { code: await totpCode(totpURI) })
    expect(after.status, await after.clone().text()).toBe(200)
  })

  it('turns off only with the password, and then the password alone signs in', async () => {
    const { browser, user } = await t.signUpVerified()
    await enableTwoFactor(browser, user)
    expect((await browser.post('/api/auth/two-factor/disable', { password: 'not-my-password' })).status).toBe(400)
    expect((await session(browser))?.user.twoFactorEnabled).toBe(true)

    const off = await browser.post('/api/auth/two-factor/disable', { password: user.password })
    expect(off.status).toBe(200)
    expect((await session(browser))?.user.twoFactorEnabled).toBe(false)
    const { browser: plain, body } = await passwordStep(user)
    expect(body.twoFactorRedirect).toBeUndefined()
    expect(await session(plain)).not.toBeNull()
  })

  it("turns off only the signed-in user's own two-factor", async () => {
    const { browser, user } = await t.signUpVerified()
    await enableTwoFactor(browser, user)
    const { browser: other, user: otherUser } = await t.signUpVerified()
    expect((await other.post('/api/auth/two-factor/disable', { password: otherUser.password })).status).toBe(200)
    expect((await session(browser))?.user.twoFactorEnabled).toBe(true)
    expect((await passwordStep(user)).body.twoFactorRedirect).toBe(true)
    expect((await t.browser().post('/api/auth/two-factor/disable', { password: user.password })).status).toBe(401)
  })
})
