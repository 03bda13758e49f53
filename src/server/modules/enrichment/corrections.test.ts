import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { InferRequestType } from 'hono/client'
import { AI_FIELD_MESSAGES } from '#common/messages'
import { aiCellListSchema, aiFieldExampleListSchema, aiFieldSchema, aiRunEstimateSchema, aiRunStartedSchema, type AiField } from '#common/schemas/enrichment'
import { gridRowSchema } from '#common/schemas/rows'
import { startFakeAiServer, type FakeAiCall, type FakeAiServer } from '#server/test/fake-ai-server'
import { readJson } from '#server/test/contract'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { callTuning } from '#server/modules/ai/retry-policy'

/**
 * Columns that learn from corrections (issue 43, decision 038): a value the user writes in an AI
 * cell is kept through every kind of run and sent, with its row's inputs, as an example in later
 * calls of its column, the most similar rows' examples first.
 */

let t: TestApp
let fake: FakeAiServer
let alice: TestBrowser
let bob: TestBrowser

beforeAll(async () => {
  fake = await startFakeAiServer()
  t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model', AI_CONCURRENCY: '4' }, { withWorkers: true })
  callTuning.backoffBaseMs = 5
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
  await t.startTrial(bob)
}, 180_000)
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})
beforeEach(() => fake.reset({ answer: ({ lastUserText }) => ({ reasoning: 'From the row', confidence: 0.9, value: `Model on ${companyIn(lastUserText)}` }) }))

/** The Company value of a call's row (its last user message holds the row's values as JSON). */
const companyIn = (rowPart: string) => (rowPart.includes('{') ? ((JSON.parse(rowPart.slice(rowPart.indexOf('{'))) as Record<string, string>).Company ?? '?') : '?')
/** The examples message a call sent (the second system message), or null. */
const examplesOf = (call: FakeAiCall) => call.messages.filter((m) => m.role === 'system')[1]?.content ?? null
const callFor = (company: string) => fake.calls.find((call) => companyIn(call.lastUserText) === company)

type FieldApi = TestBrowser['api']['uploads'][':id']['ai-fields']
type RunRequest = InferRequestType<FieldApi[':fieldId']['runs']['$post']>['json']

async function createField(uploadId: string, json: InferRequestType<FieldApi['$post']>['json']) {
  const res = await alice.api.uploads[':id']['ai-fields'].$post({ param: { id: uploadId }, json })
  expect(res.status).toBe(201)
  return readJson(res, aiFieldSchema)
}
const getField = async (uploadId: string, fieldId: string) => readJson(await alice.api.uploads[':id']['ai-fields'][':fieldId'].$get({ param: { id: uploadId, fieldId } }), aiFieldSchema)
const waitForField = (uploadId: string, fieldId: string, isDone: (f: AiField) => boolean = (f) => f.status === 'completed') =>
  until('the AI field', () => getField(uploadId, fieldId), isDone)

async function runAndWait(uploadId: string, fieldId: string, json: RunRequest = { scope: 'all' }) {
  const res = await alice.api.uploads[':id']['ai-fields'][':fieldId'].runs.$post({ param: { id: uploadId, fieldId }, json })
  if (res.status !== 202) throw new Error(`run failed: ${res.status} ${await res.text()}`)
  const started = await readJson(res, aiRunStartedSchema)
  await waitForField(uploadId, fieldId)
  return started.total_rows
}

const edit = (uploadId: string, rowIndex: number, column: string, value: string | null, browser = alice) =>
  browser.api.uploads[':id'].rows[':rowIndex'].$patch({ param: { id: uploadId, rowIndex: String(rowIndex) }, json: { column, value } })

async function correct(uploadId: string, rowIndex: number, column: string, value: string | null) {
  const res = await edit(uploadId, rowIndex, column, value)
  expect(res.status).toBe(200)
  return readJson(res, gridRowSchema)
}

const cellOf = async (uploadId: string, fieldId: string, rowIndex: number) =>
  (await readJson(await alice.api.uploads[':id']['ai-fields'][':fieldId'].cells.$get({ param: { id: uploadId, fieldId }, query: { rowIndexes: String(rowIndex) } }), aiCellListSchema)).cells[0]
const examplesList = async (uploadId: string, fieldId: string, browser = alice) => browser.api.uploads[':id']['ai-fields'][':fieldId'].examples.$get({ param: { id: uploadId, fieldId } })

const leads = (companies: string[]) => csvOf(['Name', 'Company'], companies.map((company, i) => [`Person ${i}`, company]))

describe('a corrected cell', { timeout: 120_000 }, () => {
  it('is kept and marked, in the cell and the row, through every kind of run', async () => {
    const id = await importCsv(alice, 'kept.csv', leads(['Acme', 'Globex', 'Initech', 'Umbrella']))
    const field = await createField(id, { name: 'Blurb', prompt: 'Describe {Company}' })
    await runAndWait(id, field.id)
    const row = await correct(id, 1, field.columnKey, 'Globex, the one I know')
    expect(row.values[field.columnKey]).toBe('Globex, the one I know')
    expect(await cellOf(id, field.id, 1)).toMatchObject({ status: 'done', corrected: true, value: 'Globex, the one I know', provenance: null })
    expect((await getField(id, field.id)).counts).toMatchObject({ done: 4, corrected: 1 })

    const isKept = async () => {
      expect(await cellOf(id, field.id, 1)).toMatchObject({ status: 'done', corrected: true, value: 'Globex, the one I know' })
      const rows = (await (await alice.api.uploads[':id'].rows.$get({ param: { id }, query: {} })).json()).data
      expect(rows.find((r) => r.rowIndex === 1)?.values[field.columnKey]).toBe('Globex, the one I know')
      expect(callFor('Globex')).toBeUndefined()
    }
    fake.reset({ answer: ({ lastUserText }) => ({ reasoning: 'r', confidence: 0.9, value: `Again ${companyIn(lastUserText)}` }) })
    // All rows, a view, re-run with corrections: every row but the corrected one.
    expect(await runAndWait(id, field.id, { scope: 'all' })).toBe(3)
    await isKept()
    expect(await runAndWait(id, field.id, { scope: 'view', view: { q: 'e', filters: [] } })).toBe(3)
    await isKept()
    expect(await runAndWait(id, field.id, { scope: 'corrections' })).toBe(3)
    await isKept()
    // Selected (only the corrected row) and empty cells: nothing to run.
    for (const json of [{ scope: 'selected', rowIndexes: [1] }, { scope: 'empty' }] as RunRequest[]) {
      const res = await alice.api.uploads[':id']['ai-fields'][':fieldId'].runs.$post({ param: { id, fieldId: field.id }, json })
      expect(res.status).toBe(400)
      expect((await errorOf(res)).message).toBe(AI_FIELD_MESSAGES.nothingToRun)
    }
    // A new prompt makes the model's cells stale, not the user's; a stale run leaves it be.
    const updated = await alice.api.uploads[':id']['ai-fields'][':fieldId'].$patch({ param: { id, fieldId: field.id }, json: { prompt: 'Say who {Company} is' } })
    expect(updated.status).toBe(200)
    expect((await getField(id, field.id)).counts).toMatchObject({ stale: 3, done: 1, corrected: 1 })
    expect(await runAndWait(id, field.id, { scope: 'stale' })).toBe(3)
    await isKept()
    // 'Run on new rows' covering stale rows: an edit of the row's input neither stales nor queues it.
    expect((await alice.api.uploads[':id']['ai-fields'][':fieldId'].$patch({ param: { id, fieldId: field.id }, json: { autoRun: { enabled: true, coverStale: true } } })).status).toBe(200)
    await correct(id, 1, 'c2', 'Globex Two')
    await correct(id, 2, 'c2', 'Initech Two')
    const added = await alice.request(`/api/uploads/${id}/rows`, { method: 'POST', json: { rows: [{ Name: 'New', Company: 'Hooli' }] } })
    expect(added.status).toBe(201)
    await waitForField(id, field.id, (f) => f.status === 'completed' && f.counts.done === 5)
    expect(callFor('Initech Two')).toBeDefined()
    expect(callFor('Hooli')).toBeDefined()
    expect(callFor('Globex Two')).toBeUndefined()
    expect(await cellOf(id, field.id, 1)).toMatchObject({ status: 'done', corrected: true, value: 'Globex, the one I know' })
  })

  it('is not overwritten by the run it was corrected in, and resumes without it', async () => {
    const id = await importCsv(alice, 'resume.csv', leads(Array.from({ length: 30 }, (_, i) => `Firm ${i}`)))
    fake.options.latencyMs = () => (fake.calls.length <= 2 ? 10 : 400)
    const field = await createField(id, { name: 'Blurb', prompt: 'Describe {Company}' })
    const res = await alice.api.uploads[':id']['ai-fields'][':fieldId'].runs.$post({ param: { id, fieldId: field.id }, json: { scope: 'all' } })
    expect(res.status).toBe(202)
    await waitForField(id, field.id, (f) => f.counts.done >= 1)
    expect((await alice.post(`/api/uploads/${id}/ai-fields/${field.id}/pause`, {})).status).toBe(200)
    await waitForField(id, field.id, (f) => f.status === 'paused' && f.counts.running === 0)
    expect((await cellOf(id, field.id, 29))?.status).toBe('queued')
    await correct(id, 29, field.columnKey, 'Mine')
    fake.options.latencyMs = 0
    expect((await alice.post(`/api/uploads/${id}/ai-fields/${field.id}/resume`, {})).status).toBe(200)
    const done = await waitForField(id, field.id)
    expect(done.counts).toMatchObject({ done: 30, corrected: 1, queued: 0 })
    expect(callFor('Firm 29')).toBeUndefined()
    expect(await cellOf(id, field.id, 29)).toMatchObject({ corrected: true, value: 'Mine' })
  })

  it('hands the rows that waited on its answer (identical inputs) to the next of them', async () => {
    const companies = Array.from({ length: 30 }, (_, i) => (i >= 27 ? 'Same Co' : `Firm ${i}`))
    const id = await importCsv(alice, 'leader.csv', leads(companies))
    fake.options.latencyMs = () => (fake.calls.length <= 2 ? 10 : 400)
    const field = await createField(id, { name: 'Blurb', prompt: 'Describe {Company}' })
    expect((await alice.api.uploads[':id']['ai-fields'][':fieldId'].runs.$post({ param: { id, fieldId: field.id }, json: { scope: 'all' } })).status).toBe(202)
    await waitForField(id, field.id, (f) => f.counts.done >= 1)
    expect((await alice.post(`/api/uploads/${id}/ai-fields/${field.id}/pause`, {})).status).toBe(200)
    await waitForField(id, field.id, (f) => f.status === 'paused' && f.counts.running === 0)
    expect((await cellOf(id, field.id, 27))?.status).toBe('queued')
    // Row 27 is the leader of rows 28 and 29 (same inputs, asked once): corrected, they are asked through row 28.
    await correct(id, 27, field.columnKey, 'Mine')
    fake.options.latencyMs = 0
    expect((await alice.post(`/api/uploads/${id}/ai-fields/${field.id}/resume`, {})).status).toBe(200)
    const done = await waitForField(id, field.id)
    expect(done.counts).toMatchObject({ done: 30, corrected: 1, queued: 0, running: 0 })
    expect(fake.calls.filter((call) => companyIn(call.lastUserText) === 'Same Co')).toHaveLength(1)
    expect(await cellOf(id, field.id, 27)).toMatchObject({ corrected: true, value: 'Mine' })
    expect(await cellOf(id, field.id, 28)).toMatchObject({ corrected: false, value: 'Model on Same Co' })
    expect(await cellOf(id, field.id, 29)).toMatchObject({ corrected: false, value: 'Model on Same Co' })
  })

  it('is typed by the column, and emptied it goes back to the runs', async () => {
    const id = await importCsv(alice, 'typed.csv', leads(['Acme', 'Globex']))
    const field = await createField(id, { name: 'Staff', prompt: 'How many work at {Company}?', outputType: { kind: 'number' } })
    fake.reset({ answer: () => ({ reasoning: 'r', confidence: 0.5, value: 7 }) })
    await runAndWait(id, field.id)
    expect((await edit(id, 0, field.columnKey, 'many')).status).toBe(422)
    await correct(id, 0, field.columnKey, '120')
    expect(await cellOf(id, field.id, 0)).toMatchObject({ value: 120, corrected: true })
    await correct(id, 0, field.columnKey, '')
    expect(await cellOf(id, field.id, 0)).toBeUndefined()
    expect((await readJson(await examplesList(id, field.id), aiFieldExampleListSchema)).examples).toEqual([])
    expect(await runAndWait(id, field.id, { scope: 'empty' })).toBe(1)
    expect(await cellOf(id, field.id, 0)).toMatchObject({ value: 7, corrected: false })
  })

  it('is refused where the column fills several values itself (a JSON output)', async () => {
    const id = await importCsv(alice, 'json.csv', leads(['Acme']))
    const field = await createField(id, { name: 'Facts', prompt: 'About {Company}', outputType: { kind: 'json', fields: [{ name: 'city', type: 'text' }] } })
    const res = await edit(id, 0, field.columnKey, 'Paris')
    expect(res.status).toBe(422)
    expect((await errorOf(res)).message).toBe(AI_FIELD_MESSAGES.notCorrectable)
  })
})

describe("a column's examples", { timeout: 120_000 }, () => {
  it('are sent with later calls, the most similar to the row first, at most three', async () => {
    const companies = ['Acme Robotics', 'Acme Rockets', 'Globex Foods', 'Initech Software', 'Acme Robotics Europe', 'Umbrella Pharma', 'Acme Robotics Asia', 'Globex Food Service']
    const id = await importCsv(alice, 'similar.csv', leads(companies))
    const field = await createField(id, { name: 'Industry', prompt: 'Which industry is {Company} in?' })
    // Corrections of rows 0 to 3, before any run: their values are the examples.
    for (const [row, value] of [[0, 'Robots'], [1, 'Space'], [2, 'Food'], [3, 'Software']] as const) await correct(id, row, field.columnKey, value)
    const estimate = await readJson(await alice.api.uploads[':id']['ai-fields'][':fieldId'].estimate.$post({ param: { id, fieldId: field.id }, json: { scope: 'corrections' } }), aiRunEstimateSchema)
    expect(estimate).toMatchObject({ rows: 4, calls: 4 })
    expect(await runAndWait(id, field.id, { scope: 'corrections' })).toBe(4)
    expect(fake.calls).toHaveLength(4)

    const sent = (company: string) => examplesOf(callFor(company)!)!.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { row: { Company: string }; value: string })
    // 'Acme Robotics Europe': the two Acme rows first (Robotics before Rockets), then the next closest.
    const europe = sent('Acme Robotics Europe')
    expect(europe.map((e) => e.row.Company).slice(0, 2)).toEqual(['Acme Robotics', 'Acme Rockets'])
    expect(europe).toHaveLength(3)
    expect(europe[0]).toEqual({ row: { Company: 'Acme Robotics' }, value: 'Robots' })
    // 'Globex Food Service': the Globex example first.
    expect(sent('Globex Food Service')[0]).toEqual({ row: { Company: 'Globex Foods' }, value: 'Food' })
    // The fixed part is unchanged (its cache prefix), and the row is still the last message alone.
    const call = callFor('Umbrella Pharma')!
    expect(call.messages[0]!.content).not.toContain('Robots')
    expect(call.lastUserText).toContain('Umbrella Pharma')
    expect(call.lastUserText).not.toContain('Robots')
  })

  it('are listed, and one removed is no longer sent; its cell stays corrected', async () => {
    const id = await importCsv(alice, 'remove.csv', leads(['Acme', 'Acme Two', 'Acme Three']))
    const field = await createField(id, { name: 'Blurb', prompt: 'Describe {Company}' })
    await correct(id, 0, field.columnKey, 'First fix')
    await correct(id, 1, field.columnKey, 'Second fix')
    const listed = await readJson(await examplesList(id, field.id), aiFieldExampleListSchema)
    expect(listed.examples.map((e) => [e.rowIndex, e.value]).sort()).toEqual([
      [0, 'First fix'],
      [1, 'Second fix'],
    ])
    expect(listed.examples.find((e) => e.rowIndex === 0)?.inputs).toEqual([{ column: 'Company', value: 'Acme' }])
    const first = listed.examples.find((e) => e.rowIndex === 0)!
    const removed = await alice.api.uploads[':id']['ai-fields'][':fieldId'].examples[':exampleId'].$delete({ param: { id, fieldId: field.id, exampleId: first.id } })
    expect(removed.status).toBe(200)
    expect((await readJson(removed, aiFieldExampleListSchema)).examples.map((e) => e.value)).toEqual(['Second fix'])
    expect(await cellOf(id, field.id, 0)).toMatchObject({ corrected: true, value: 'First fix' })
    expect(await runAndWait(id, field.id, { scope: 'corrections' })).toBe(1)
    const examples = examplesOf(callFor('Acme Three')!)!
    expect(examples).toContain('Second fix')
    expect(examples).not.toContain('First fix')
    // Removed twice: not found.
    expect((await alice.api.uploads[':id']['ai-fields'][':fieldId'].examples[':exampleId'].$delete({ param: { id, fieldId: field.id, exampleId: first.id } })).status).toBe(404)
  })

  it("answer 404 to another user's ids, malformed ids and a read-only token's removal is refused", async () => {
    const id = await importCsv(alice, 'private.csv', leads(['Acme', 'Globex']))
    const field = await createField(id, { name: 'Blurb', prompt: 'Describe {Company}' })
    await correct(id, 0, field.columnKey, 'Mine')
    const [example] = (await readJson(await examplesList(id, field.id), aiFieldExampleListSchema)).examples
    expect((await examplesList(id, field.id, bob)).status).toBe(404)
    const bobRemoves = await bob.api.uploads[':id']['ai-fields'][':fieldId'].examples[':exampleId'].$delete({ param: { id, fieldId: field.id, exampleId: example!.id } })
    expect(bobRemoves.status).toBe(404)
    expect((await edit(id, 0, field.columnKey, 'Theirs', bob)).status).toBe(404)
    expect((await alice.request(`/api/uploads/${id}/ai-fields/${field.id}/examples/not-a-uuid`, { method: 'DELETE' })).status).toBe(404)
    expect((await alice.request(`/api/uploads/${id}/ai-fields/${field.id}/examples/${randomUUID()}`, { method: 'DELETE' })).status).toBe(404)
    expect((await alice.request(`/api/uploads/${id}/ai-fields/${field.id}/examples/${example!.id}%00`, { method: 'DELETE' })).status).toBe(422)
    const tokenRes = await alice.post('/api/api-tokens', { name: 'reader', scope: 'read' })
    expect(tokenRes.status).toBe(201)
    const reader = t.bearer(((await tokenRes.json()) as { token: string }).token)
    expect((await examplesList(id, field.id, reader)).status).toBe(200)
    expect((await reader.request(`/api/uploads/${id}/ai-fields/${field.id}/examples/${example!.id}`, { method: 'DELETE' })).status).toBe(403)
    // Still there.
    expect((await readJson(await examplesList(id, field.id), aiFieldExampleListSchema)).examples).toHaveLength(1)
  })

  it("'Re-run with my corrections' needs an example", async () => {
    const id = await importCsv(alice, 'none.csv', leads(['Acme']))
    const field = await createField(id, { name: 'Blurb', prompt: 'Describe {Company}' })
    for (const path of ['estimate', 'runs']) {
      const res = await alice.post(`/api/uploads/${id}/ai-fields/${field.id}/${path}`, { scope: 'corrections' })
      expect(res.status).toBe(400)
      expect((await errorOf(res)).message).toBe(AI_FIELD_MESSAGES.noExamples)
    }
  })
})
