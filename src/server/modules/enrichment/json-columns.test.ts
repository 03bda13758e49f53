import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AI_FIELD_MESSAGES, COLUMN_MESSAGES } from '#common/messages'
import { aiCellListSchema, aiFieldSchema, type AiField } from '#common/schemas/enrichment'
import { planResultSchema } from '#common/schemas/plans'
import { rowViewSearchParams } from '#common/schemas/rows'
import { db } from '#server/db/client'
import { creditTransactions } from '#server/db/schema/index'
import { callTuning } from '#server/modules/ai/retry-policy'
import { readJson } from '#server/test/contract'
import { startFakeAiServer, type FakeAiMessage, type FakeAiServer } from '#server/test/fake-ai-server'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'

/** Several values from one call (issue 43): an AI column whose JSON fields each fill a typed column. */

let t: TestApp
let fake: FakeAiServer
let alice: TestBrowser
let aliceId: string
let bob: TestBrowser

beforeAll(async () => {
  fake = await startFakeAiServer()
  t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model', AI_CONCURRENCY: '2' }, { withWorkers: true })
  callTuning.backoffBaseMs = 5
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  aliceId = await t.userIdOf(alice)
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
  await t.startTrial(bob)
}, 180_000)
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})

/** The Company value of the row a call is about (its first user message holds the row's values). */
function companyOf(messages: FakeAiMessage[]) {
  const rowPart = messages.find((m) => m.role === 'user')?.content ?? ''
  if (!rowPart.includes('{')) return '?'
  return (JSON.parse(rowPart.slice(rowPart.indexOf('{'))) as Record<string, string>).Company ?? '?'
}

/** What the model answers per company: Initech's answer is bad (a word for a number, no `public`). */
const ANSWERS: Record<string, Record<string, unknown>> = {
  Acme: { city: 'Paris', employees: 120, public: true },
  Globex: { city: 'Berlin', employees: 45, public: false },
  Initech: { city: 'Austin', employees: 'many' },
}
beforeEach(() => fake.reset({ answer: ({ messages }) => ({ reasoning: 'From the row', confidence: 0.9, value: ANSWERS[companyOf(messages)] ?? null }) }))

const LEADS = csvOf(
  ['Name', 'Company'],
  [
    ['Ada', 'Acme'],
    ['Bob', 'Globex'],
    ['Cy', 'Initech'],
  ],
)
const OUTPUT = {
  kind: 'json' as const,
  fields: [
    { name: 'city', type: 'text' as const },
    { name: 'employees', type: 'number' as const },
    { name: 'public', type: 'boolean' as const },
  ],
}

async function createField(uploadId: string, json: Record<string, unknown>, browser = alice) {
  return browser.request(`/api/uploads/${uploadId}/ai-fields`, { method: 'POST', json })
}
const getField = async (uploadId: string, fieldId: string) => readJson(await alice.api.uploads[':id']['ai-fields'][':fieldId'].$get({ param: { id: uploadId, fieldId } }), aiFieldSchema)
async function runToEnd(uploadId: string, fieldId: string) {
  const res = await alice.request(`/api/uploads/${uploadId}/ai-fields/${fieldId}/runs`, { method: 'POST', json: { scope: 'all' } })
  expect(res.status, await res.clone().text()).toBe(202)
  return until('the run', () => getField(uploadId, fieldId), (f: AiField) => f.status === 'completed')
}
const columnsOf = async (uploadId: string) => (await (await alice.request(`/api/uploads/${uploadId}/columns`)).json()) as { columns: Array<{ key: string; name: string; type: string; kind: string }> }
const rowsOf = async (uploadId: string, query: Record<string, string> = {}) =>
  (await (await alice.api.uploads[':id'].rows.$get({ param: { id: uploadId }, query })).json()).data
const chargesFor = (fieldId: string) =>
  db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, aliceId), like(creditTransactions.idempotencyKey, `ai:${fieldId}:%`)))

describe('an AI column whose JSON fields are columns', () => {
  it('makes one typed column per field beside its own, and refuses the option without a JSON output', async () => {
    const id = await importCsv(alice, 'make.csv', LEADS)
    const refused = await createField(id, { name: 'Facts', prompt: 'Facts about {Company}', outputType: { kind: 'text' }, fieldsAsColumns: true })
    expect(refused.status).toBe(422)
    expect((await errorOf(refused)).message).toBe(AI_FIELD_MESSAGES.fieldsAsColumnsNeedJson)
    // A column name already in the file is refused before anything is made.
    const taken = await createField(id, { name: 'Facts', prompt: 'Facts about {Company}', outputType: { kind: 'json', fields: [{ name: 'Name', type: 'text' }] }, fieldsAsColumns: true })
    expect(taken.status).toBe(409)
    // Another user's file is not found.
    expect((await createField(id, { name: 'Facts', prompt: 'Facts about {Company}', outputType: OUTPUT, fieldsAsColumns: true }, bob)).status).toBe(404)
    // `columns` sent by a client are the server's to set: ignored.
    const res = await createField(id, { name: 'Facts', prompt: 'Facts about {Company}', outputType: { ...OUTPUT, columns: [{ field: 'city', columnKey: 'c1' }] }, fieldsAsColumns: true })
    expect(res.status, await res.clone().text()).toBe(201)
    const field = await readJson(res, aiFieldSchema)
    const mapping = field.outputType.kind === 'json' ? field.outputType.columns : undefined
    expect(mapping?.map((c) => c.field)).toEqual(['city', 'employees', 'public'])
    expect(mapping?.map((c) => c.columnKey)).not.toContain('c1')
    const { columns } = await columnsOf(id)
    expect(columns.map((c) => [c.name, c.type, c.kind])).toEqual([
      ['Name', 'text', 'source'],
      ['Company', 'text', 'source'],
      ['Facts', 'text', 'ai'],
      ['city', 'text', 'ai'],
      ['employees', 'number', 'ai'],
      ['public', 'boolean', 'ai'],
    ])
    // A JSON column without the option stays one column holding the object.
    const plain = await createField(id, { name: 'Plain', prompt: 'Facts about {Company}', outputType: { kind: 'json', fields: [{ name: 'town', type: 'text' }] } })
    expect(plain.status).toBe(201)
    expect((await columnsOf(id)).columns.map((c) => c.name)).toEqual(['Name', 'Company', 'Facts', 'city', 'employees', 'public', 'Plain'])
  })

  it('fills every field column from one call and one charge per row; a bad field is that column empty with the reason', async () => {
    const id = await importCsv(alice, 'run.csv', LEADS)
    const field = await readJson(await createField(id, { name: 'Facts', prompt: 'Facts about {Company}', outputType: OUTPUT, fieldsAsColumns: true }), aiFieldSchema)
    const keys = Object.fromEntries((field.outputType.kind === 'json' ? field.outputType.columns ?? [] : []).map((c) => [c.field, c.columnKey]))
    const done = await runToEnd(id, field.id)
    expect(done.counts).toMatchObject({ done: 3, error: 0 })
    // One model call per row: the bad answer got no repair call.
    expect(fake.calls).toHaveLength(3)
    expect(await chargesFor(field.id)).toHaveLength(3)
    const rows = await rowsOf(id)
    expect(rows.map((r) => [r.values[keys.city!] ?? null, r.values[keys.employees!] ?? null, r.values[keys.public!] ?? null])).toEqual([
      ['Paris', '120', 'true'],
      ['Berlin', '45', 'false'],
      ['Austin', null, null],
    ])
    // The field's own column keeps the whole answer.
    expect(JSON.parse(rows[0]!.values[field.columnKey]!)).toEqual({ city: 'Paris', employees: 120, public: true })
    // The AI Enrichment card counts one AI column, not one per field column it fills.
    expect((await getUploadDetail(alice, id)).aiColumnCount).toBe(1)
    const cells = (await readJson(await alice.api.uploads[':id']['ai-fields'][':fieldId'].cells.$get({ param: { id, fieldId: field.id }, query: { rowIndexes: '2' } }), aiCellListSchema)).cells
    expect(cells[0]).toMatchObject({ status: 'done' })
    expect(cells[0]!.provenance?.reasoning).toContain(AI_FIELD_MESSAGES.fieldLeftEmpty('employees', 'value "many" is not a number'))

    // The number column filters, sorts and plans as a number.
    const over50 = await rowsOf(id, Object.fromEntries(rowViewSearchParams({ filters: [{ column: keys.employees!, operator: 'greater_than', value: '50' }] })))
    expect(over50.map((r) => r.values.c2)).toEqual(['Acme'])
    const sorted = await rowsOf(id, Object.fromEntries(rowViewSearchParams({ filters: [], sort: { column: keys.employees!, direction: 'asc' } })))
    expect(sorted.map((r) => r.values.c2)).toEqual(['Globex', 'Acme', 'Initech'])
    // Search finds a field column's value.
    expect((await rowsOf(id, { q: 'Berlin' })).map((r) => r.values.c2)).toEqual(['Globex'])
    // A formula reads it as a number; an export carries every field column.
    const formula = await alice.request(`/api/uploads/${id}/columns`, { method: 'POST', json: { name: 'Double staff', formula: '{employees} * 2' } })
    expect(formula.status, await formula.clone().text()).toBe(201)
    const { key: doubleKey } = (await formula.json()) as { key: string }
    expect((await rowsOf(id)).map((r) => r.values[doubleKey] ?? null)).toEqual(['240', '90', null])
    const exported = await alice.request(`/api/uploads/${id}/exports`, { method: 'POST', json: { format: 'csv', scope: 'all' } })
    expect(exported.status).toBe(200)
    const csv = await exported.text()
    expect(csv.split('\r\n')[0]).toContain('city,employees,public')
    expect(csv).toContain('Paris,120,')
    const plan = await alice.request(`/api/uploads/${id}/chat/plan`, { method: 'POST', json: { plan: { where: { column: 'employees', op: 'greater_than', value: '40' }, aggregate: { op: 'sum', column: 'employees' } } } })
    expect(plan.status, await plan.clone().text()).toBe(200)
    const result = await readJson(plan, planResultSchema)
    expect(result.count).toBe(2)
    expect(JSON.stringify(result.aggregate)).toContain('165')
  })

  it('deletes the field columns with the field, never alone, and keeps them when only a description changes', async () => {
    const id = await importCsv(alice, 'delete.csv', LEADS)
    const field = await readJson(await createField(id, { name: 'Facts', prompt: 'Facts about {Company}', outputType: OUTPUT, fieldsAsColumns: true }), aiFieldSchema)
    const mapping = field.outputType.kind === 'json' ? field.outputType.columns! : []
    const alone = await alice.request(`/api/uploads/${id}/columns/${mapping[1]!.columnKey}`, { method: 'DELETE' })
    expect(alone.status).toBe(409)
    expect((await errorOf(alone)).message).toBe(COLUMN_MESSAGES.filledByAiColumn('Facts'))
    // Another field list or type would leave the columns without their values: refused.
    const retyped = await alice.request(`/api/uploads/${id}/ai-fields/${field.id}`, { method: 'PATCH', json: { outputType: { kind: 'json', fields: [{ name: 'city', type: 'text' }] } } })
    expect(retyped.status).toBe(422)
    expect((await errorOf(retyped)).message).toBe(AI_FIELD_MESSAGES.fieldColumnsFixed)
    const described = await alice.request(`/api/uploads/${id}/ai-fields/${field.id}`, { method: 'PATCH', json: { outputType: { kind: 'json', fields: OUTPUT.fields.map((f) => ({ ...f, description: `The ${f.name}` })) } } })
    expect(described.status, await described.clone().text()).toBe(200)
    const kept = await readJson(described, aiFieldSchema)
    expect(kept.outputType.kind === 'json' ? kept.outputType.columns : null).toEqual(mapping)
    const deleted = await alice.request(`/api/uploads/${id}/ai-fields/${field.id}`, { method: 'DELETE' })
    expect(deleted.status).toBe(200)
    expect((await columnsOf(id)).columns.map((c) => c.name)).toEqual(['Name', 'Company'])
  })
})
