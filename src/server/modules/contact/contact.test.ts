import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT } from '#common/constants'
import { CONTACT_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { contactMessages } from '#server/db/schema/index'
import { mailer, setMailer, type Mailer } from '#server/platform/mail'
import { readOutbox } from '#server/test/outbox'
import { createTestApp, errorOf, type TestApp } from '#server/test/test-app'
import { contactMessageSentSchema } from '#common/schemas/contact'
import { readJson } from '#server/test/contract'

const CONTACT_EMAIL = 'team@rowcraft.test'
let t: TestApp
let realMailer: Mailer
let ipCounter = 0

beforeAll(async () => {
  t = await createTestApp({ CONTACT_EMAIL, TRUST_PROXY: '1' })
  realMailer = mailer
})
afterEach(() => setMailer(realMailer))
afterAll(async () => {
  await t?.close()
})

const message = (overrides: Record<string, string> = {}) => ({
  name: 'Grace Hopper',
  email: `grace.${Date.now()}.${Math.random()}@example.com`,
  subject: 'Import question',
  message: 'Can I import a semicolon-separated file from our CRM?',
  ...overrides,
})

/** Each test speaks from its own IP unless it passes one, so limits do not leak between tests. */
function send(json: ReturnType<typeof message>, ip = `10.0.0.${++ipCounter}`, browser = t.browser()) {
  return browser.api.contact.$post({ json }, { headers: { 'x-forwarded-for': ip } })
}

describe('POST /api/contact', () => {
  it('stores the message and mails it to CONTACT_EMAIL with the sender as reply-to', async () => {
    const body = message({ subject: 'Hello <b>team</b>', message: 'A question with <script>alert(1)</script> in it.' })
    const res = await send(body)
    expect(res.status).toBe(201)
    const { id } = await readJson(res, contactMessageSentSchema)

    const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.id, id))
    expect(stored).toMatchObject({ name: body.name, email: body.email.toLowerCase(), subject: body.subject, mailStatus: 'sent', userId: null })

    const mail = t.lastMailTo(CONTACT_EMAIL)
    expect(mail.subject).toBe('Contact form: Hello <b>team</b>')
    expect(mail.text).toContain(`Reply-To: ${body.email.toLowerCase()}`)
    expect(mail.text).toContain('A question with <script>alert(1)</script> in it.')
    expect(mail.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('links the message to a signed-in sender', async () => {
    const { browser } = await t.signUpVerified()
    const res = await send(message(), '10.1.0.1', browser)
    expect(res.status).toBe(201)
    const { id } = await res.json()
    const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.id, id))
    expect(stored!.userId).toBe(await t.userIdOf(browser))
  })

  it('refuses missing fields, a malformed e-mail and over-long text with a 422 naming the field', async () => {
    const before = readOutbox(t.dataDir).length
    const cases: [Record<string, string>, string][] = [
      [{ name: '   ' }, 'name: Name is required'],
      [{ email: 'not-an-address' }, 'email: Please enter a valid email address'],
      [{ subject: '' }, 'subject: Subject is required'],
      [{ message: 'short' }, `message: Message must be at least ${CONTACT.messageMinLength} characters`],
      [{ message: 'x'.repeat(CONTACT.messageMaxLength + 1) }, `message: Message must be at most ${CONTACT.messageMaxLength} characters`],
    ]
    for (const [override, expected] of cases) {
      const res = await send(message(override))
      expect(res.status).toBe(422)
      expect((await errorOf(res)).message).toBe(expected)
    }
    expect(readOutbox(t.dataDir).length).toBe(before)
  })

  it('limits messages per e-mail address, whatever the IP', async () => {
    const email = `limit.${Date.now()}@example.com`
    for (let i = 0; i < CONTACT.maxPerAddress; i++) expect((await send(message({ email }))).status).toBe(201)
    const refused = await send(message({ email: email.toUpperCase() }))
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: CONTACT_MESSAGES.rateLimited } })
    expect((await db.select().from(contactMessages).where(eq(contactMessages.email, email))).length).toBe(CONTACT.maxPerAddress)
  })

  it('limits messages per IP, whatever the address', async () => {
    const ip = '10.2.0.1'
    for (let i = 0; i < CONTACT.maxPerIp; i++) expect((await send(message(), ip)).status).toBe(201)
    expect((await send(message(), ip)).status).toBe(429)
    expect((await send(message(), '10.2.0.2')).status).toBe(201)
  })

  it('keeps the message and answers with the error when the mail cannot be sent', async () => {
    setMailer({ send: async () => Promise.reject(new Error('SMTP down')) })
    const body = message()
    const res = await send(body)
    expect(res.status).toBe(503)
    expect((await errorOf(res)).message).toBe(CONTACT_MESSAGES.failed)
    const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.email, body.email.toLowerCase()))
    expect(stored!.mailStatus).toBe('failed')
  })
})
