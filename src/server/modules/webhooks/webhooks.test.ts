import { eq, sql } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { WEBHOOKS } from '#common/constants'
import { IMPORT_RECOVERY_MESSAGES, WEBHOOK_MESSAGES } from '#common/messages'
import type { AiField } from '#common/schemas/enrichment'
import { db } from '#server/db/client'
import { aiFields, csvUploads, webhookEndpoints } from '#server/db/schema/index'
import { env } from '#server/env'
import { startFakeAiServer, type FakeAiServer } from '#server/test/fake-ai-server'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, importCsv, uploadOk } from '#server/test/upload-helpers'
import { failAbandonedImport } from '#server/modules/uploads/import-upload'
import { webhookTiming } from './webhook-delivery.ts'
import { until } from '#server/test/until'
import { failNextSends } from '#server/platform/queue'
import { waitUntilDone } from '#server/test/upload-helpers'
import { createdWebhookSchema, webhookDeliverySchema, webhookListSchema, type CreatedWebhook, type WebhookList } from '#common/schemas/webhooks'
import { readJson } from '#server/test/contract'
import { startWebhookReceiver, type WebhookReceiver } from '#server/test/webhook-receiver'

let t: TestApp
let fake: FakeAiServer
let receiver: WebhookReceiver
beforeAll(async () => {
  fake = await startFakeAiServer()
  receiver = await startWebhookReceiver()
  t = await createTestApp(
    { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model', ALLOW_PRIVATE_AI_URLS: 'true' },
    { withWorkers: true },
  )
  webhookTiming.retryDelaysSeconds = [0.2, 0.2, 0.2]
  fake.reset({ answer: () => ({ reasoning: 'From the row', confidence: 0.9, value: 'Software' }) })
}, 180_000)
afterAll(async () => {
  await t?.close()
  await receiver?.stop()
  await fake?.stop()
})
beforeEach(() => {
  receiver.received.length = 0
  receiver.answers.clear()
  env.ALLOW_PRIVATE_AI_URLS = true
})

async function addWebhook(browser: TestBrowser, events: string[], path = '/hook'): Promise<CreatedWebhook> {
  const res = await browser.post('/api/webhooks', { url: `${receiver.url}${path}`, events })
  expect(res.status).toBe(201)
  return readJson(res, createdWebhookSchema)
}


const listOf = async (browser: TestBrowser): Promise<WebhookList> => readJson(await browser.request('/api/webhooks'), webhookListSchema)
const callsTo = (path: string) => receiver.received.filter((call) => call.path === path)

describe('webhooks', () => {
  it('shows the signing secret once and signs every delivery by the Standard Webhooks convention', async () => {
    const { browser } = await t.signUpVerified()
    const created = await addWebhook(browser, ['upload.completed'], '/signed')
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/)
    const listed = await listOf(browser)
    expect(JSON.stringify(listed)).not.toContain(created.secret)
    expect(listed.endpoints).toEqual([expect.objectContaining({ id: created.id, events: ['upload.completed'], enabled: true })])

    const uploadId = await importCsv(browser, 'leads.csv', csvOf(['Name', 'Company'], [['Ada', 'Acme'], ['Grace', 'Globex']]))
    const [call] = await until('calls to /signed', () => callsTo('/signed'), (calls) => calls.length > 0)
    // Verified with the Standard Webhooks library and the secret shown at creation; it throws on a bad signature.
    const event = new Webhook(created.secret).verify(call!.body, call!.headers) as { type: string; data: Record<string, unknown> }
    expect(event).toMatchObject({ type: 'upload.completed', data: { upload_id: uploadId, filename: 'leads.csv', status: 'completed', valid_rows: 2 } })
    expect(call!.headers['webhook-id']).toMatch(/^msg_/)
    expect(() => new Webhook(`whsec_${Buffer.from('another secret of 24 byt').toString('base64')}`).verify(call!.body, call!.headers)).toThrow()

    const delivered = await until('the delivery to succeed', () => listOf(browser), (list) => list.endpoints[0]!.deliveries[0]?.status === 'succeeded')
    expect(delivered.endpoints[0]!.deliveries[0]).toMatchObject({ event: 'upload.completed', attempts: 1, response_status: 204 })
  })

  it('retries a receiver that fails twice, with back-off, until it answers 2xx', async () => {
    const { browser } = await t.signUpVerified()
    const created = await addWebhook(browser, ['upload.completed'], '/flaky')
    receiver.answers.set('/flaky', [500, 503])
    const res = await browser.request(`/api/webhooks/${created.id}/test`, { method: 'POST' })
    expect(res.status).toBe(202)
    expect(await readJson(res, webhookDeliverySchema)).toMatchObject({ event: 'webhook.test' })

    const calls = await until('calls to /flaky', () => callsTo('/flaky'), (list) => list.length >= 3)
    expect(new Set(calls.map((call) => call.headers['webhook-id'])).size).toBe(1)
    for (const call of calls) expect(() => new Webhook(created.secret).verify(call.body, call.headers)).not.toThrow()
    const list = await until('the delivery to succeed', () => listOf(browser), (current) => current.endpoints[0]!.deliveries[0]?.status === 'succeeded')
    expect(list.endpoints[0]!.deliveries[0]).toMatchObject({ event: 'webhook.test', attempts: 3, response_status: 204, error: null })
  })

  it('sends ai_run.completed with the counts and credits spent, and resends a delivery under the same id', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    const created = await addWebhook(browser, ['ai_run.completed', 'ai_run.failed'], '/runs')
    const uploadId = await importCsv(browser, 'leads.csv', csvOf(['Name', 'Company'], [['Ada', 'Acme'], ['Grace', 'Globex']]))
    const field = (await (await browser.post(`/api/uploads/${uploadId}/ai-fields`, { name: 'Industry', prompt: 'Industry of {Company}' })).json()) as AiField
    expect((await browser.post(`/api/uploads/${uploadId}/ai-fields/${field.id}/runs`, { scope: 'all' })).status).toBe(202)

    const [call] = await until('calls to /runs', () => callsTo('/runs'), (calls) => calls.length > 0, 30_000)
    const event = new Webhook(created.secret).verify(call!.body, call!.headers) as { type: string; data: Record<string, unknown> }
    expect(event).toMatchObject({
      type: 'ai_run.completed',
      data: { upload_id: uploadId, field_id: field.id, field_name: 'Industry', counts: { done: 2, errors: 0, no_credits: 0 }, credits_spent: 2 },
    })

    const list = await until('the delivery to succeed', () => listOf(browser), (current) => current.endpoints[0]!.deliveries[0]?.status === 'succeeded')
    const delivery = list.endpoints[0]!.deliveries[0]!
    const resent = await browser.request(`/api/webhooks/${created.id}/deliveries/${delivery.id}/resend`, { method: 'POST' })
    expect(resent.status).toBe(202)
    expect((await readJson(resent, webhookDeliverySchema)).message_id).toBe(delivery.message_id)
    const calls = await until('calls to /runs', () => callsTo('/runs'), (current) => current.length >= 2)
    expect(calls[1]!.headers['webhook-id']).toBe(call!.headers['webhook-id'])
    expect(JSON.parse(calls[1]!.body)).toEqual(JSON.parse(call!.body))
  })

  it('sends upload.failed, with the reason, when an import fails', async () => {
    const { browser } = await t.signUpVerified()
    await addWebhook(browser, ['upload.failed'], '/import-failed')
    // A one-column file waits for the Header Detection dialog: nothing imported yet, no job, no
    // rows table whose index builds could race the drop below.
    const { upload_id: uploadId } = (await uploadOk(browser, 'leads.csv', csvOf(['Name'], [['Ada'], ['Grace']]))) as { upload_id: string }
    expect((await (await browser.request(`/api/uploads/${uploadId}/progress`)).json()).status).toBe('awaiting_header')
    // An import whose every attempt was cut short by a stopped process fails this way (import-recovery.test.ts).
    await db.update(csvUploads).set({ status: 'processing' }).where(eq(csvUploads.id, uploadId))
    await failAbandonedImport({ uploadId })
    const [call] = await until('calls to /import-failed', () => callsTo('/import-failed'), (calls) => calls.length > 0)
    expect(JSON.parse(call!.body)).toMatchObject({
      type: 'upload.failed',
      data: { upload_id: uploadId, filename: 'leads.csv', status: 'failed', error_message: IMPORT_RECOVERY_MESSAGES.abandoned },
    })
  })

  it('sends ai_run.failed when a run ends with no cell done, and only to endpoints that asked for it', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    const failedOnly = await addWebhook(browser, ['ai_run.failed'], '/failed-runs')
    await addWebhook(browser, ['upload.completed'], '/uploads-only')
    const uploadId = await importCsv(browser, 'leads.csv', csvOf(['Name', 'Company'], [['Ada', 'Acme'], ['Grace', 'Globex']]))
    const field = (await (await browser.post(`/api/uploads/${uploadId}/ai-fields`, { name: 'Industry', prompt: 'Industry of {Company}' })).json()) as AiField
    // The provider refuses the platform's key: every cell fails.
    fake.reset({ ...fake.options, isValidKey: () => false })
    try {
      expect((await browser.post(`/api/uploads/${uploadId}/ai-fields/${field.id}/runs`, { scope: 'all' })).status).toBe(202)
      const [call] = await until('calls to /failed-runs', () => callsTo('/failed-runs'), (calls) => calls.length > 0, 30_000)
      const event = new Webhook(failedOnly.secret).verify(call!.body, call!.headers) as { type: string; data: Record<string, unknown> }
      expect(event).toMatchObject({ type: 'ai_run.failed', data: { field_id: field.id, counts: { done: 0, errors: 2 }, credits_spent: 0 } })
    } finally {
      fake.reset({ ...fake.options, isValidKey: undefined })
    }
    expect(callsTo('/uploads-only').map((c) => JSON.parse(c.body).type)).toEqual(['upload.completed'])
  })

  it('refuses private, loopback and link-local addresses when saved, and plain http to a public one', async () => {
    const { browser } = await t.signUpVerified()
    env.ALLOW_PRIVATE_AI_URLS = false
    for (const [url, message] of [
      [`${receiver.url}/hook`, WEBHOOK_MESSAGES.urlPrivate],
      ['https://10.1.2.3/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['https://[::1]/hook', WEBHOOK_MESSAGES.urlPrivate],
      ['https://169.254.169.254/latest', WEBHOOK_MESSAGES.urlReserved],
      ['http://8.8.8.8/hook', WEBHOOK_MESSAGES.urlHttpOnlyLocal],
      ['ftp://example.com/hook', WEBHOOK_MESSAGES.urlInvalid],
    ] as const) {
      const res = await browser.post('/api/webhooks', { url, events: ['upload.completed'] })
      expect(res.status, url).toBe(422)
      expect((await errorOf(res)).message, url).toContain(message)
    }
    expect((await listOf(browser)).endpoints).toEqual([])
  })

  it('refuses a private address again at delivery, and follows no redirect', async () => {
    const { browser } = await t.signUpVerified()
    const created = await addWebhook(browser, ['upload.completed'], '/later-private')
    // The operator stops allowing private addresses after the endpoint was saved.
    env.ALLOW_PRIVATE_AI_URLS = false
    await browser.request(`/api/webhooks/${created.id}/test`, { method: 'POST' })
    const refused = await until('a delivery attempt', () => listOf(browser), (list) => (list.endpoints[0]!.deliveries[0]?.attempts ?? 0) >= 1)
    expect(refused.endpoints[0]!.deliveries[0]).toMatchObject({ error: WEBHOOK_MESSAGES.refusedAtDelivery, response_status: null })
    expect(callsTo('/later-private')).toEqual([])
    // Removing the endpoint ends its retries: they find no delivery.
    const removed = await browser.request(`/api/webhooks/${created.id}`, { method: 'DELETE' })
    expect(removed.status).toBe(200)
    expect((await readJson(removed, webhookListSchema)).endpoints.map((endpoint) => endpoint.id)).not.toContain(created.id)

    env.ALLOW_PRIVATE_AI_URLS = true
    const redirecting = await addWebhook(browser, ['upload.completed'], '/redirect')
    receiver.answers.set('/redirect', [302, 302, 302, 302])
    await browser.request(`/api/webhooks/${redirecting.id}/test`, { method: 'POST' })
    const list = await until(
      'a delivery attempt',
      () => listOf(browser),
      (current) => (current.endpoints.find((e) => e.id === redirecting.id)?.deliveries[0]?.attempts ?? 0) >= 1,
    )
    expect(list.endpoints.find((e) => e.id === redirecting.id)!.deliveries[0]).toMatchObject({ response_status: 302, error: 'Answered 302' })
    // Retries of the 302 may have come meanwhile; none went where it pointed.
    expect(callsTo('/redirect').length).toBeGreaterThanOrEqual(1)
    expect(callsTo('/redirected')).toEqual([])
  })

  it('turns off an endpoint that has failed for 3 days and tells its owner by mail', async () => {
    const { browser, user } = await t.signUpVerified()
    const created = await addWebhook(browser, ['upload.completed'], '/down')
    await db
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - make_interval(secs => ${WEBHOOKS.disableAfterMs / 1000 + 60})` })
      .where(eq(webhookEndpoints.id, created.id))
    receiver.answers.set('/down', [500])
    await browser.request(`/api/webhooks/${created.id}/test`, { method: 'POST' })

    // The endpoint is turned off, its owner mailed, then the delivery marked failed: wait for the last.
    const list = await until('the endpoint to be disabled and its delivery failed', () => listOf(browser), (current) => !current.endpoints[0]!.enabled && current.endpoints[0]!.deliveries[0]?.status === 'failed')
    expect(list.endpoints[0]).toMatchObject({ enabled: false, disabled_at: expect.any(String), disabled_reason: 'failing' })
    expect(list.endpoints[0]!.deliveries[0]).toMatchObject({ status: 'failed', attempts: 1, response_status: 500 })
    expect(t.lastMailTo(user.email).subject).toBe('A Rowcraft webhook was turned off')
    const again = await browser.request(`/api/webhooks/${created.id}/test`, { method: 'POST' })
    expect(again.status).toBe(409)
    expect((await errorOf(again)).message).toBe(WEBHOOK_MESSAGES.disabledReasons.failing)
  })

  it("answers 404 for another user's endpoint", async () => {
    const { browser: owner } = await t.signUpVerified()
    const created = await addWebhook(owner, ['upload.completed'])
    const { browser: other } = await t.signUpVerified()
    expect((await other.request(`/api/webhooks/${created.id}/test`, { method: 'POST' })).status).toBe(404)
    expect((await other.request(`/api/webhooks/${created.id}`, { method: 'DELETE' })).status).toBe(404)
    expect((await listOf(owner)).endpoints).toHaveLength(1)
  })
})

/*
 * Issue 29, item 13: an event is recorded, with its deliveries and their jobs, in the transaction
 * of the state change it announces. Each test makes the queueing of a delivery fail once, the
 * step that used to come after the state change's commit: the change and its event now stand or
 * fall together, the event is delivered once it stands, and no delivery is left pending.
 */
describe('events that nothing can lose', () => {
  const DELIVER_JOB = 'webhooks.deliver'
  const statusesOf = async (browser: TestBrowser) => (await listOf(browser)).endpoints.flatMap((e) => e.deliveries.map((d) => d.status))

  it('announces how an import ended even when queueing its delivery fails once', async () => {
    const { browser } = await t.signUpVerified()
    await addWebhook(browser, ['upload.completed', 'upload.failed'], '/outbox-import')
    failNextSends(DELIVER_JOB)
    const { upload_id: uploadId } = (await uploadOk(browser, 'leads.csv', csvOf(['Name', 'Company'], [['Ada', 'Acme']]))) as { upload_id: string }
    const { status } = await waitUntilDone(browser, uploadId)

    const [call] = await until('calls to /outbox-import', () => callsTo('/outbox-import'), (calls) => calls.length > 0)
    expect(JSON.parse(call!.body)).toMatchObject({ type: `upload.${status}`, data: { upload_id: uploadId, status } })
    expect(await until('the deliveries to succeed', () => statusesOf(browser), (list) => list.length > 0 && list.every((s) => s === 'succeeded'))).toEqual(['succeeded'])
    expect(callsTo('/outbox-import')).toHaveLength(1)
  })

  it('ends a run and sends ai_run.completed even when queueing its delivery fails once', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    const uploadId = await importCsv(browser, 'leads.csv', csvOf(['Name', 'Company'], [['Ada', 'Acme'], ['Grace', 'Globex']]))
    await addWebhook(browser, ['ai_run.completed', 'ai_run.failed'], '/outbox-runs')
    const field = (await (await browser.post(`/api/uploads/${uploadId}/ai-fields`, { name: 'Industry', prompt: 'Industry of {Company}' })).json()) as AiField
    failNextSends(DELIVER_JOB)
    expect((await browser.post(`/api/uploads/${uploadId}/ai-fields/${field.id}/runs`, { scope: 'all' })).status).toBe(202)

    const [call] = await until('calls to /outbox-runs', () => callsTo('/outbox-runs'), (calls) => calls.length > 0, 30_000)
    expect(JSON.parse(call!.body)).toMatchObject({ type: 'ai_run.completed', data: { field_id: field.id, counts: { done: 2 } } })
    expect(await until('the deliveries to succeed', () => statusesOf(browser), (list) => list.length > 0 && list.every((s) => s === 'succeeded'))).toEqual(['succeeded'])
    const [stored] = await db.select().from(aiFields).where(eq(aiFields.id, field.id))
    expect(stored).toMatchObject({ status: 'completed' })
    expect(callsTo('/outbox-runs')).toHaveLength(1)
  })

  it('keeps no delivery of a test event whose queueing failed', async () => {
    const { browser } = await t.signUpVerified()
    const created = await addWebhook(browser, ['upload.completed'], '/outbox-test')
    failNextSends(DELIVER_JOB)
    expect((await browser.request(`/api/webhooks/${created.id}/test`, { method: 'POST' })).status).toBe(500)
    expect(await statusesOf(browser)).toEqual([])
    expect((await browser.request(`/api/webhooks/${created.id}/test`, { method: 'POST' })).status).toBe(202)
    expect(await until('the deliveries to succeed', () => statusesOf(browser), (list) => list[0] === 'succeeded')).toEqual(['succeeded'])
  })
})

describe('webhooks an API token created', () => {
  async function createToken(browser: TestBrowser, expiresAt: string | null = null) {
    const res = await browser.post('/api/api-tokens', { name: 'zapier', scope: 'read_write', expires_at: expiresAt })
    expect(res.status).toBe(201)
    return (await res.json()) as { id: string; token: string }
  }
  const leads = csvOf(['Name', 'Company'], [['Ada', 'Acme']])

  it('turns them off in the revocation, says why in the list, and sends them nothing more', async () => {
    const { browser } = await t.signUpVerified()
    const { id, token } = await createToken(browser)
    const byToken = await addWebhook(t.bearer(token), ['upload.completed'], '/by-token')
    const bySession = await addWebhook(browser, ['upload.completed'], '/by-session')
    expect(byToken).toMatchObject({ enabled: true, disabled_reason: null, token_expires_at: null })

    expect((await browser.request(`/api/api-tokens/${id}`, { method: 'DELETE' })).status).toBe(200)
    const list = await listOf(browser)
    expect(list.endpoints.find((e) => e.id === byToken.id)).toMatchObject({ enabled: false, disabled_reason: 'token_revoked', disabled_at: expect.any(String) })
    expect(list.endpoints.find((e) => e.id === bySession.id)).toMatchObject({ enabled: true, disabled_reason: null })

    await importCsv(browser, 'leads.csv', leads)
    await until('calls to /by-session', () => callsTo('/by-session').length, (calls) => calls >= 1)
    expect(callsTo('/by-token')).toEqual([])
    const test = await browser.request(`/api/webhooks/${byToken.id}/test`, { method: 'POST' })
    expect(test.status).toBe(409)
    expect((await errorOf(test)).message).toBe(WEBHOOK_MESSAGES.disabledReasons.token_revoked)
  })

  it("stops them when the token expires, with the token's expiry shown before and the reason after", async () => {
    const { browser } = await t.signUpVerified()
    const expiresAt = new Date(Date.now() + 2_000).toISOString()
    const { token } = await createToken(browser, expiresAt)
    const byToken = await addWebhook(t.bearer(token), ['upload.completed'], '/by-expiring-token')
    expect(byToken).toMatchObject({ enabled: true, token_expires_at: expiresAt })
    const bySession = await addWebhook(browser, ['upload.completed'], '/by-session')

    await new Promise((resolve) => setTimeout(resolve, Date.parse(expiresAt) - Date.now() + 100))
    const list = await listOf(browser)
    expect(list.endpoints.find((e) => e.id === byToken.id)).toMatchObject({ enabled: false, disabled_reason: 'token_expired', disabled_at: expiresAt })
    await importCsv(browser, 'leads.csv', leads)
    await until('calls to /by-session', () => callsTo('/by-session').length, (calls) => calls >= 1)
    expect(callsTo('/by-expiring-token')).toEqual([])
    expect(list.endpoints.find((e) => e.id === bySession.id)?.enabled).toBe(true)
  })
})
