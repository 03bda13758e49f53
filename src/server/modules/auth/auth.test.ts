import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES, PASSWORD_POLICY_TOOLTIP } from '#common/messages'
import { db } from '#server/db/client'
import { auditLogs, authAttempts, loginHistory, user as userTable } from '#server/db/schema/index'
import { createTestApp, makeTestUser, type TestApp } from '#server/test/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const signUpBody = (u: ReturnType<typeof makeTestUser>) => ({
  ...u,
  name: `${u.firstName} ${u.lastName}`,
  callbackURL: '/',
})

describe('sign-up', () => {
  it.each([
    ['shorter than 12 characters', 'Short-pw9!'],
    ['without an uppercase letter', 'correct-horse9!'],
    ['without a lowercase letter', 'CORRECT-HORSE9!'],
    ['without a digit', 'Correct-Horse!!'],
    ['without a symbol', 'CorrectHorse99'],
  ])('refuses a password %s with the policy message', async (_rule, password) => {
    const res = await t.browser().post('/api/auth/sign-up/email', signUpBody(makeTestUser({ password })))
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'PASSWORD_POLICY', message: PASSWORD_POLICY_TOOLTIP })
  })

  it('accepts a password whose only symbol is a hyphen', async () => {
    const res = await t.browser().post('/api/auth/sign-up/email', signUpBody(makeTestUser({ password: 'Correct-horse99' })))
    expect(res.status).toBe(200)
  })

  it('requires a first and a last name', async () => {
    const res = await t.browser().post('/api/auth/sign-up/email', signUpBody(makeTestUser({ lastName: '  ' })))
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Last name is required' })
  })

  it('creates the user, mails a verification link and refuses sign-in until it is followed', async () => {
    const u = makeTestUser()
    const browser = t.browser()
    const res = await browser.post('/api/auth/sign-up/email', signUpBody(u))
    expect(res.status).toBe(200)
    expect(browser.cookies.has('better-auth.session_token')).toBe(false)

    const [row] = await db.select().from(userTable).where(eq(userTable.email, u.email))
    expect(row).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace', emailVerified: false })
    const audits = await db.select().from(auditLogs).where(eq(auditLogs.userId, row!.id))
    expect(audits.map((a) => a.action)).toContain('sign_up')

    const early = await browser.post('/api/auth/sign-in/email', { email: u.email, password: u.password })
    expect(early.status).toBe(403)
    expect(await early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' })

    const mail = t.lastMailTo(u.email)
    expect(mail.subject).toBe('Confirm your Rowcraft account')
    const link = mail.links.find((l) => l.startsWith('http://localhost:3000/api/auth/verify-email?token='))
    expect(link).toBeDefined()

    const verified = await browser.request(link!)
    expect(verified.status).toBe(302)
    expect(verified.headers.get('location')).toBe('/')
    expect(browser.cookies.has('better-auth.session_token')).toBe(true)

    const me = await browser.request('/api/me')
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({ user: { email: u.email, emailVerified: true, firstName: 'Ada' } })
  })
})

describe('sign-in and session', () => {
  it('signs in, sets httpOnly session and the login-method cookie, and records login history', async () => {
    const { user } = await t.signUpVerified()
    const browser = t.browser()
    const res = await browser.post('/api/auth/sign-in/email', { email: user.email, password: user.password })
    expect(res.status).toBe(200)

    const cookies = res.headers.getSetCookie()
    const session = cookies.find((c) => c.startsWith('better-auth.session_token='))
    expect(session).toMatch(/HttpOnly/i)
    expect(session).toMatch(/SameSite=Lax/i)
    const method = cookies.find((c) => c.startsWith('auth_login_method='))
    expect(method).toMatch(/Max-Age=2592000/)
    expect(method).toMatch(/Path=\//)
    expect(method).toMatch(/SameSite=Lax/i)
    expect(JSON.parse(decodeURIComponent(browser.cookies.get('auth_login_method')!))).toMatchObject({ method: 'email' })

    const [row] = await db.select().from(userTable).where(eq(userTable.email, user.email))
    const logins = await db.select().from(loginHistory).where(eq(loginHistory.userId, row!.id))
    // one from the verification link's auto sign-in, one from this sign-in
    expect(logins.map((l) => l.method)).toEqual(['email', 'email'])
  })

  it('refuses a wrong password with a message', async () => {
    const { user } = await t.signUpVerified()
    const res = await t.browser().post('/api/auth/sign-in/email', { email: user.email, password: 'Wrong-password1!' })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ message: 'Invalid email or password' })
  })

  it('never shows one user the session or data of another', async () => {
    const a = await t.signUpVerified({ firstName: 'Alice' })
    const b = await t.signUpVerified({ firstName: 'Bob' })

    const meA = await (await a.browser.api.me.$get()).json()
    const meB = await (await b.browser.api.me.$get()).json()
    expect(meA.user.email).toBe(a.user.email)
    expect(meB.user.email).toBe(b.user.email)
    expect(meA.user.id).not.toBe(meB.user.id)

    const sessionsB = (await (await b.browser.request('/api/auth/list-sessions')).json()) as Array<{ userId: string }>
    expect(sessionsB.length).toBeGreaterThan(0)
    expect(sessionsB.every((s) => s.userId === meB.user.id)).toBe(true)

    // B tries to revoke A's session by its token: A stays signed in.
    const tokenA = decodeURIComponent(a.browser.cookies.get('better-auth.session_token')!).split('.')[0]
    await b.browser.post('/api/auth/revoke-session', { token: tokenA })
    expect((await a.browser.request('/api/me')).status).toBe(200)
  })

  it('signs out: the session ends and the login-method cookie is removed', async () => {
    const { browser } = await t.signUpVerified()
    expect(browser.cookies.has('auth_login_method')).toBe(true)
    const res = await browser.post('/api/auth/sign-out', {})
    expect(res.status).toBe(200)
    expect(browser.cookies.has('auth_login_method')).toBe(false)
    expect((await browser.request('/api/me')).status).toBe(401)
    const session = await browser.request('/api/auth/get-session')
    expect(await session.json()).toBeNull()
  })
})

describe('rate limit (5 attempts per mode and e-mail per 15 minutes)', () => {
  it('blocks the sixth failed sign-in with the spec message, per e-mail', async () => {
    const { user } = await t.signUpVerified()
    const browser = t.browser()
    for (let i = 0; i < 5; i += 1) {
      const res = await browser.post('/api/auth/sign-in/email', { email: user.email, password: 'Wrong-password1!' })
      expect(res.status).toBe(401)
    }
    const blocked = await browser.post('/api/auth/sign-in/email', { email: user.email, password: user.password })
    expect(blocked.status).toBe(429)
    expect(await blocked.json()).toEqual({
      code: 'RATE_LIMITED',
      message: AUTH_MESSAGES.rateLimitBody(15),
      retryAfterMinutes: 15,
    })
    // a different e-mail, and a different mode for the same e-mail, are not affected
    const other = await t.signUpVerified()
    const ok = await browser.post('/api/auth/sign-in/email', { email: other.user.email, password: other.user.password })
    expect(ok.status).toBe(200)
    const forgot = await browser.post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' })
    expect(forgot.status).toBe(200)
  })

  it('resets the counter on success and once the window has passed', async () => {
    const { user } = await t.signUpVerified()
    const browser = t.browser()
    const wrong = () => browser.post('/api/auth/sign-in/email', { email: user.email, password: 'Wrong-password1!' })
    for (let i = 0; i < 4; i += 1) await wrong()
    expect((await browser.post('/api/auth/sign-in/email', { email: user.email, password: user.password })).status).toBe(200)
    for (let i = 0; i < 5; i += 1) expect((await wrong()).status).toBe(401)
    expect((await wrong()).status).toBe(429)

    await db
      .update(authAttempts)
      .set({ windowStartedAt: sql`now() - interval '16 minutes'` })
      .where(eq(authAttempts.key, `signin:${user.email}`))
    expect((await wrong()).status).toBe(401)
  })

  it('counts every forgot-password request, since each sends a mail', async () => {
    const { user } = await t.signUpVerified()
    const browser = t.browser()
    for (let i = 0; i < 5; i += 1) {
      expect((await browser.post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' })).status).toBe(200)
    }
    expect((await browser.post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' })).status).toBe(429)
  })
})

describe('password reset', () => {
  it('mails a link that leads to the reset page and sets a new password under the policy', async () => {
    const { user } = await t.signUpVerified()
    const browser = t.browser()
    const res = await browser.post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' })
    expect(res.status).toBe(200)

    const mail = t.lastMailTo(user.email)
    expect(mail.subject).toBe('Reset your Rowcraft password')
    const link = mail.links.find((l) => l.includes('/api/auth/reset-password/'))
    const landing = await browser.request(link!)
    expect(landing.status).toBe(302)
    const location = new URL(landing.headers.get('location')!, 'http://localhost:3000')
    expect(location.pathname).toBe('/reset-password')
    const token = location.searchParams.get('token')!
    expect(token).toBeTruthy()

    const weak = await browser.post('/api/auth/reset-password', { newPassword: 'weakpassword', token })
    expect(weak.status).toBe(400)
    expect(await weak.json()).toMatchObject({ code: 'PASSWORD_POLICY' })

    const newPassword = 'Brand-new-Pass7$'
    expect((await browser.post('/api/auth/reset-password', { newPassword, token })).status).toBe(200)
    expect((await t.browser().post('/api/auth/sign-in/email', { email: user.email, password: user.password })).status).toBe(401)
    expect((await t.browser().post('/api/auth/sign-in/email', { email: user.email, password: newPassword })).status).toBe(200)
  })

  it('does not reveal whether an e-mail has an account', async () => {
    const res = await t.browser().post('/api/auth/request-password-reset', { email: 'nobody@example.com', redirectTo: '/reset-password' })
    expect(res.status).toBe(200)
  })
})
