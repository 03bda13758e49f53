import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SECRET_MESSAGES, SOURCE_MESSAGES } from '#common/messages'
import { aiCellListSchema, aiFieldSchema, aiRunEstimateSchema, type AiField } from '#common/schemas/enrichment'
import { testHttpResultSchema } from '#common/schemas/http-fields'
import { secretListSchema } from '#common/schemas/sources'
import { queryRows } from '#server/db/query-rows'
import { env } from '#server/env'
import { retryClock } from '#server/modules/ai/retry-policy'
import { readJson } from '#server/test/contract'
import { startFakeSource, type FakeSource, type FakeSourceReply } from '#server/test/fake-http-source'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, importCsv } from '#server/test/upload-helpers'

/**
 * HTTP API columns and secrets (issue 43), against a local JSON API that answers in a provider's
 * documented shape and misbehaves on request. Both databases (DATABASE_URL).
 */

let t: TestApp
let fake: FakeSource
let alice: TestBrowser
let bob: TestBrowser
let aliceId: string
const SECRET = 'hunter-secret-key'
const waits: number[] = []

beforeAll(async () => {
  fake = await startFakeSource()
  // The fake listens on 127.0.0.1: the operator allows private addresses here (one test turns it off).
  t = await createTestApp({ ALLOW_PRIVATE_SOURCE_URLS: 'true' }, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  aliceId = await t.userIdOf(alice)
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
  await t.startTrial(bob)
  // Retry waits are recorded, not slept through.
  retryClock.sleep = async (ms: number) => {
    waits.push(ms)
  }
  const saved = await alice.request('/api/secrets/HUNTER_KEY', { method: 'PUT', json: { value: SECRET } })
  expect(saved.status, await saved.clone().text()).toBe(200)
}, 180_000)
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})
beforeEach(() => {
  fake.reset()
  waits.length = 0
  env.ALLOW_PRIVATE_SOURCE_URLS = true
})

const LEADS = csvOf(
  ['First', 'Last', 'Domain'],
  [
    ['Ada', 'Lovelace', 'acme.com'],
    ['Bob', 'Stone', 'globex.com'],
    ['Cy', 'Young', 'unknown.example'],
    ['Ada', 'Lovelace', 'acme.com'],
  ],
)

const finder = () => ({
  method: 'GET',
  url: `${fake.url}/v2/email-finder?domain={Domain}&api_key={secret:HUNTER_KEY}`,
  query: [
    { name: 'first_name', value: '{First}' },
    { name: 'last_name', value: '{Last}' },
  ],
})

async function createHttpField(browser: TestBrowser, uploadId: string, json: Record<string, unknown>) {
  return browser.request(`/api/uploads/${uploadId}/http-fields`, { method: 'POST', json })
}
const fieldOf = async (uploadId: string, fieldId: string) => readJson(await alice.api.uploads[':id']['ai-fields'][':fieldId'].$get({ param: { id: uploadId, fieldId } }), aiFieldSchema)
const cellsOf = async (uploadId: string, fieldId: string, rows: number[]) =>
  (await readJson(await alice.api.uploads[':id']['ai-fields'][':fieldId'].cells.$get({ param: { id: uploadId, fieldId }, query: { rowIndexes: rows.join(',') } }), aiCellListSchema)).cells
const rowsOf = async (uploadId: string) => (await (await alice.api.uploads[':id'].rows.$get({ param: { id: uploadId }, query: {} })).json()).data
const settled = (uploadId: string, fieldId: string) =>
  until('the run to end', () => fieldOf(uploadId, fieldId), (f: AiField) => f.status === 'completed' && f.counts.queued + f.counts.running === 0)
async function run(uploadId: string, fieldId: string) {
  const res = await alice.api.uploads[':id']['ai-fields'][':fieldId'].runs.$post({ param: { id: uploadId, fieldId }, json: { scope: 'all' } })
  expect(res.status, await res.clone().text()).toBe(202)
  return settled(uploadId, fieldId)
}

describe('secrets', () => {
  it('saves, lists by name only, replaces and removes a secret; stored encrypted', async () => {
    const put = await alice.request('/api/secrets/CRM_TOKEN', { method: 'PUT', json: { value: 'crm-plain-value-123' } })
    expect(put.status).toBe(200)
    expect(await put.text()).not.toContain('crm-plain-value-123')
    const list = await readJson(await alice.request('/api/secrets'), secretListSchema)
    expect(list.secrets.map((s) => s.name)).toEqual(['CRM_TOKEN', 'HUNTER_KEY'])
    expect(JSON.stringify(list)).not.toContain('crm-plain-value-123')
    // Replaced under the same name, whatever its case.
    expect((await alice.request('/api/secrets/crm_token', { method: 'PUT', json: { value: 'second-value' } })).status).toBe(200)
    expect((await readJson(await alice.request('/api/secrets'), secretListSchema)).secrets).toHaveLength(2)
    const stored = await queryRows<{ encrypted_value: string }>(sql`SELECT encrypted_value FROM user_secrets`)
    for (const row of stored) {
      expect(row.encrypted_value).toMatch(/^v1\./)
      expect(row.encrypted_value).not.toContain('second-value')
    }
    // Bob sees none of Alice's, and cannot remove them.
    expect((await readJson(await bob.request('/api/secrets'), secretListSchema)).secrets).toEqual([])
    expect((await bob.request('/api/secrets/CRM_TOKEN', { method: 'DELETE' })).status).toBe(404)
    expect((await alice.request('/api/secrets/CRM_TOKEN', { method: 'DELETE' })).status).toBe(200)
    expect((await readJson(await alice.request('/api/secrets'), secretListSchema)).secrets.map((s) => s.name)).toEqual(['HUNTER_KEY'])
  })

  it('refuses bad names and values with what to do, and every API token', async () => {
    const badName = await alice.request('/api/secrets/1abc', { method: 'PUT', json: { value: 'x' } })
    expect(badName.status).toBe(422)
    expect((await errorOf(badName)).message).toContain(SECRET_MESSAGES.nameFormat)
    const nul = await alice.request('/api/secrets/WITH_NUL', { method: 'PUT', json: { value: 'a\u0000b' } })
    expect(nul.status).toBe(422)
    expect((await errorOf(nul)).message).toContain('NUL')
    const lineBreak = await alice.request('/api/secrets/WITH_BREAK', { method: 'PUT', json: { value: 'a\nb' } })
    expect(lineBreak.status).toBe(422)
    expect((await errorOf(lineBreak)).message).toContain(SECRET_MESSAGES.valueControlCharacters)
    const extra = await alice.request('/api/secrets/OK_NAME', { method: 'PUT', json: { value: 'x', more: 1 } })
    expect(extra.status).toBe(422)
    const token = (await (await alice.api['api-tokens'].$post({ json: { name: 'script', scope: 'read_write' } })).json()).token
    const script = t.bearer(token)
    expect((await script.request('/api/secrets')).status).toBe(403)
    expect((await script.request('/api/secrets/FROM_TOKEN', { method: 'PUT', json: { value: 'x' } })).status).toBe(403)
  })
})

describe('HTTP API columns', () => {
  it('refuses a request that cannot be sent, before anything is saved', async () => {
    const id = await importCsv(alice, 'refused.csv', LEADS)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ request: { ...finder(), url: `${fake.url}/v2/email-finder?domain={Website}` } }, SOURCE_MESSAGES.unknownColumns(['Website'])],
      [{ request: { ...finder(), url: `${fake.url}/x?k={secret:NOPE}` } }, SOURCE_MESSAGES.unknownSecrets(['NOPE'])],
      [{ request: { ...finder(), url: 'https://{Domain}/lookup' } }, SOURCE_MESSAGES.secretInUrlHost],
      [{ request: { method: 'POST', url: `${fake.url}/echo`, body: '{"domain": {Domain}, }' } }, 'The body is not valid JSON'],
      [{ request: { method: 'GET', url: `${fake.url}/echo`, body: '{"a": 1}' } }, SOURCE_MESSAGES.bodyWithGet],
      [{ request: finder(), outputs: [{ name: 'Email', path: 'data.[' }] }, 'is not valid JMESPath'],
      [{ request: { ...finder(), url: 'ftp://files.example.com/{Domain}' } }, SOURCE_MESSAGES.urlInvalid],
    ]
    for (const [change, message] of cases) {
      const res = await createHttpField(alice, id, { outputs: [{ name: 'Email', path: 'data.email' }], ...change })
      expect(res.status, JSON.stringify(change)).toBe(422)
      expect((await errorOf(res)).message).toContain(message)
    }
    // Another user's file is not found; nothing was created on Alice's.
    expect((await createHttpField(bob, id, { request: finder(), outputs: [{ name: 'Email', path: 'data.email' }] })).status).toBe(404)
    expect((await (await alice.api.uploads[':id']['ai-fields'].$get({ param: { id } })).json()).fields).toEqual([])
  })

  it('tests the request on a row: sent with the secret masked, its status, answer and picked values; nothing saved or spent', async () => {
    const id = await importCsv(alice, 'test-row.csv', LEADS)
    const before = await queryRows<{ n: number }>(sql`SELECT current_credits AS n FROM subscribers WHERE user_id = ${aliceId}`)
    const res = await alice.request(`/api/uploads/${id}/http-fields/test`, {
      method: 'POST',
      json: { request: finder(), outputs: [{ name: 'Email', path: 'data.email' }, { name: 'Score', path: 'data.score' }, { name: 'Phone', path: 'data.phone' }], rowIndex: 1 },
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const text = await res.clone().text()
    expect(text).not.toContain(SECRET)
    const result = await readJson(res, testHttpResultSchema)
    expect(result.sent.url).toBe(`${fake.url}/v2/email-finder?domain=globex.com&api_key=%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2&first_name=Bob&last_name=Stone`)
    expect(result.status).toBe(200)
    expect(result.picked.map((p) => p.value)).toEqual(['bob.stone@globex.com', 91, null])
    expect(result.picked[2]!.error).toContain('Nothing at data.phone')
    // The fake got the real key.
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]!.query.api_key).toBe(SECRET)
    const after = await queryRows<{ n: number }>(sql`SELECT current_credits AS n FROM subscribers WHERE user_id = ${aliceId}`)
    expect(after[0]!.n).toBe(before[0]!.n)
  })

  it('runs over every row: one request per distinct input, two columns filled, a found-nothing row is a cell state, no credit spent', async () => {
    const id = await importCsv(alice, 'run.csv', LEADS)
    const credits = async () => Number((await queryRows<{ n: number }>(sql`SELECT current_credits AS n FROM subscribers WHERE user_id = ${aliceId}`))[0]!.n)
    const start = await credits()
    const created = await createHttpField(alice, id, { request: finder(), outputs: [{ name: 'Email', path: 'data.email' }, { name: 'Email score', path: 'data.score' }] })
    expect(created.status, await created.clone().text()).toBe(201)
    const field = await readJson(created, aiFieldSchema)
    const source = field.source?.kind === 'http' ? field.source : null
    expect(source?.outputs).toHaveLength(2)
    const estimate = await readJson(
      await alice.api.uploads[':id']['ai-fields'][':fieldId'].estimate.$post({ param: { id, fieldId: field.id }, json: { scope: 'all' } }),
      aiRunEstimateSchema,
    )
    expect(estimate).toMatchObject({ rows: 4, calls: 3, credits: 0, covered: true, provider: 'http', model: fake.url.replace('http://', '') })
    const done = await run(id, field.id)
    // Rows 0 and 3 are the same request: sent once.
    expect(fake.requests).toHaveLength(3)
    expect(done.counts).toMatchObject({ done: 3, error: 1 })
    const rows = await rowsOf(id)
    const scoreKey = source!.outputs[1]!.columnKey
    expect(rows.map((r) => r.values[field.columnKey] ?? null)).toEqual(['ada.lovelace@acme.com', 'bob.stone@globex.com', null, 'ada.lovelace@acme.com'])
    expect(rows.map((r) => r.values[scoreKey] ?? null)).toEqual(['91', '91', null, '91'])
    const cells = await cellsOf(id, field.id, [0, 2])
    expect(cells[0]!.provenance?.steps?.[0]).toMatchObject({ kind: 'http', outcome: 'accepted', status: 200 })
    expect(cells[0]!.provenance?.steps?.[0]?.request).toContain('api_key=%E2%80%A2')
    expect(cells[1]).toMatchObject({ status: 'error' })
    expect(cells[1]!.error).toContain('Nothing at data.email')
    expect(await credits()).toBe(start)
    // The secret is in no stored cell or field, and in no answer.
    const stored = await queryRows<{ t: string }>(sql`SELECT (SELECT json_agg(c)::text FROM ai_cells c) || (SELECT json_agg(f)::text FROM ai_fields f) AS t`)
    expect(stored[0]!.t).not.toContain(SECRET)
    expect(JSON.stringify(cells)).not.toContain(SECRET)
    // The further column goes with the request's column, and cannot be deleted alone.
    const alone = await alice.request(`/api/uploads/${id}/columns/${scoreKey}`, { method: 'DELETE' })
    expect(alone.status).toBe(409)
    expect((await errorOf(alone)).message).toBe('This column is filled by the HTTP API column Email: delete that column to remove both.')
    const deleted = await alice.api.uploads[':id']['ai-fields'][':fieldId'].$delete({ param: { id, fieldId: field.id } })
    expect(deleted.status).toBe(200)
    const left = (await deleted.json()).columns.map((c: { name: string }) => c.name)
    expect(left).toEqual(['First', 'Last', 'Domain'])
  })

  it('retries 429 after its Retry-After and 500s, and ends 4xx, non-JSON, redirects and huge answers as cell states', async () => {
    const id = await importCsv(
      alice,
      'faults.csv',
      csvOf(['Case', 'Id'], [['rate', '1'], ['server', '2'], ['missing', '3'], ['html', '4'], ['redirect', '5'], ['huge', '6']]),
    )
    const seen = new Map<string, number>()
    fake.reset((request): FakeSourceReply => {
      const kase = request.query.case ?? ''
      const n = (seen.get(kase) ?? 0) + 1
      seen.set(kase, n)
      if (kase === 'rate') return n === 1 ? { status: 429, json: { error: 'slow down' }, headers: { 'retry-after': '7' } } : { json: { v: 'after-429' } }
      if (kase === 'server') return n <= 2 ? { status: 500, text: 'oops' } : { json: { v: 'after-500s' } }
      if (kase === 'missing') return { status: 404, json: { error: 'no such person' } }
      if (kase === 'html') return { text: '<html><body>Sign in</body></html>' }
      if (kase === 'redirect') return { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data' } }
      return { bytes: 3 * 1024 * 1024 }
    })
    const created = await createHttpField(alice, id, { request: { url: `${fake.url}/fault?case={Case}` }, outputs: [{ name: 'V', path: 'v' }], limits: { retries: 2, concurrency: 2 } })
    expect(created.status, await created.clone().text()).toBe(201)
    const field = await readJson(created, aiFieldSchema)
    const done = await run(id, field.id)
    expect(done.counts).toMatchObject({ done: 2, error: 4 })
    const cells = await cellsOf(id, field.id, [0, 1, 2, 3, 4, 5])
    expect(cells.map((c) => c.value)).toEqual(['after-429', 'after-500s', null, null, null, null])
    expect(waits).toContain(7000)
    expect(seen.get('rate')).toBe(2)
    expect(seen.get('server')).toBe(3)
    // A 404 is not tried again; each failure says what came back.
    expect(seen.get('missing')).toBe(1)
    expect(cells[2]!.error).toBe(SOURCE_MESSAGES.status(404, fake.url.replace('http://', ''), '{"error":"no such person"}'))
    expect(cells[3]!.error).toContain('is not JSON: <html><body>Sign in</body></html>')
    expect(cells[4]!.error).toContain('a redirect, which HTTP API columns do not follow')
    expect(cells[5]!.error).toBe(SOURCE_MESSAGES.tooLarge(2 * 1024 * 1024))
    const rows = await rowsOf(id)
    expect(rows.map((r) => r.values[field.columnKey] ?? null)).toEqual(['after-429', 'after-500s', null, null, null, null])
  })

  it('calls no private address unless the operator allows it', async () => {
    const id = await importCsv(alice, 'private.csv', LEADS)
    const field = await readJson(await createHttpField(alice, id, { request: finder(), outputs: [{ name: 'Email', path: 'data.email' }] }), aiFieldSchema)
    env.ALLOW_PRIVATE_SOURCE_URLS = false
    const done = await run(id, field.id)
    expect(fake.requests).toHaveLength(0)
    expect(done.counts.error).toBe(4)
    expect((await cellsOf(id, field.id, [0]))[0]!.error).toBe(SOURCE_MESSAGES.addressRefused)
  })

  it('sends a JSON body with each value encoded where it stands, and headers with the secret', async () => {
    const id = await importCsv(alice, 'body.csv', csvOf(['Name', 'Note'], [['Ann "the" Quote', 'line\nbreak']]))
    const created = await createHttpField(alice, id, {
      request: {
        method: 'POST',
        url: `${fake.url}/echo`,
        headers: [{ name: 'Authorization', value: 'Bearer {secret:HUNTER_KEY}' }],
        body: '{"name": "{Name}", "note": {Note}, "fixed": {"a": [1, 2]}}',
      },
      outputs: [{ name: 'Echo', path: 'body' }],
    })
    expect(created.status, await created.clone().text()).toBe(201)
    const field = await readJson(created, aiFieldSchema)
    await run(id, field.id)
    expect(fake.requests).toHaveLength(1)
    expect(JSON.parse(fake.requests[0]!.body)).toEqual({ name: 'Ann "the" Quote', note: 'line\nbreak', fixed: { a: [1, 2] } })
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${SECRET}`)
    expect(fake.requests[0]!.headers['content-type']).toBe('application/json')
    const [cell] = await cellsOf(id, field.id, [0])
    expect(JSON.stringify(cell)).not.toContain(SECRET)
  })

  it('ends the run with what to do when a secret it names was removed', async () => {
    expect((await alice.request('/api/secrets/TEMP_KEY', { method: 'PUT', json: { value: 'temp-secret' } })).status).toBe(200)
    const id = await importCsv(alice, 'removed.csv', LEADS)
    const field = await readJson(
      await createHttpField(alice, id, { request: { url: `${fake.url}/echo?k={secret:TEMP_KEY}` }, outputs: [{ name: 'Echo', path: 'query.k' }] }),
      aiFieldSchema,
    )
    expect((await alice.request('/api/secrets/TEMP_KEY', { method: 'DELETE' })).status).toBe(200)
    const start = await alice.api.uploads[':id']['ai-fields'][':fieldId'].runs.$post({ param: { id, fieldId: field.id }, json: { scope: 'all' } })
    expect(start.status).toBe(422)
    expect((await errorOf(start)).message).toBe(SECRET_MESSAGES.notFound)
    expect(fake.requests).toHaveLength(0)
  })
})
