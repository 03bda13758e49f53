import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InferRequestType } from 'hono/client'
import type { CreateExportInput } from '#common/schemas/rows'
import { startFakeAiServer, type FakeAiMessage, type FakeAiServer } from '#server/test/fake-ai-server'
import { createTestApp, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, importCsv } from '#server/test/upload-helpers'

/** Exports of a file with AI columns: typed AI values, and each AI column's reasoning, confidence and sources on request. */
let t: TestApp
let fake: FakeAiServer
let alice: TestBrowser
let bob: TestBrowser
let id: string

const companyOf = (messages: FakeAiMessage[]) => /"Company":\s*"([^"]+)"/.exec(messages.find((m) => m.role === 'user')?.content ?? '')?.[1] ?? '?'
const staff: Record<string, number> = { Acme: 120, Globex: 45.5 }

async function createAndRun(json: InferRequestType<TestBrowser['api']['uploads'][':id']['ai-fields']['$post']>['json']) {
  const fieldApi = alice.api.uploads[':id']['ai-fields']
  const res = await fieldApi.$post({ param: { id }, json })
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`)
  const field = await res.json()
  const run = await fieldApi[':fieldId'].runs.$post({ param: { id, fieldId: field.id }, json: { scope: 'all' } })
  if (run.status !== 202) throw new Error(`run failed: ${run.status} ${await run.text()}`)
  return until('the AI field to complete', async () => (await fieldApi[':fieldId'].$get({ param: { id, fieldId: field.id } })).json(), (now) => now.status === 'completed')
}

beforeAll(async () => {
  fake = await startFakeAiServer()
  t = await createTestApp(
    { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model', PERPLEXITY_API_KEY: 'pplx-test', PERPLEXITY_BASE_URL: fake.url },
    { withWorkers: true },
  )
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
  id = await importCsv(alice, 'firms.csv', csvOf(['Name', 'Company'], [['Ada', 'Acme'], ['Bob', 'Globex']]))
  // A number answered with a formula-like reasoning and two sources (web research).
  fake.reset({
    citations: ['https://acme.example/about', 'https://news.example/acme'],
    answer: ({ messages }) => ({ reasoning: `=HYPERLINK("http://evil.example") says ${companyOf(messages)}`, confidence: 0.75, value: staff[companyOf(messages)] }),
  })
  await createAndRun({ name: 'Staff', prompt: 'How many people work at {Company}?', outputType: { kind: 'number' }, webSearch: true })
  fake.reset({ answer: ({ messages }) => ({ reasoning: 'From the row', confidence: 1, value: { city: `${companyOf(messages)} City`, public: true } }) })
  await createAndRun({
    name: 'Facts',
    prompt: 'Where is {Company}?',
    outputType: { kind: 'json', fields: [{ name: 'city', type: 'text' }, { name: 'public', type: 'boolean' }] },
  })
}, 180_000)
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})

async function exportOk(input: CreateExportInput, browser = alice) {
  const res = await browser.request(`/api/uploads/${id}/exports`, { method: 'POST', json: input })
  expect(res.status, res.ok ? '' : await res.clone().text()).toBe(200)
  return res
}

const csvRecords = (text: string) => Papa.parse<string[]>(text.replace(/\r\n$/, ''), { newline: '\r\n' }).data

describe('exports of AI columns', () => {
  it('adds reasoning, confidence and sources after each AI column in CSV, formulas escaped, sources one a line', async () => {
    const records = csvRecords(await (await exportOk({ format: 'csv', scope: 'all', aiDetails: true })).text())
    expect(records[0]).toEqual([
      'Name',
      'Company',
      'Staff',
      'Staff reasoning',
      'Staff confidence',
      'Staff sources',
      'Facts',
      'Facts reasoning',
      'Facts confidence',
      'Facts sources',
    ])
    expect(records[1]).toEqual([
      'Ada',
      'Acme',
      '120',
      `'=HYPERLINK("http://evil.example") says Acme`,
      '0.75',
      'https://acme.example/about\nhttps://news.example/acme',
      '{"city":"Acme City","public":true}',
      'From the row',
      '1',
      '',
    ])
    expect(records[2]!.slice(2, 5)).toEqual(['45.5', `'=HYPERLINK("http://evil.example") says Globex`, '0.75'])
  })

  it('leaves the details out unless asked', async () => {
    const records = csvRecords(await (await exportOk({ format: 'csv', scope: 'all' })).text())
    expect(records[0]).toEqual(['Name', 'Company', 'Staff', 'Facts'])
    expect(records[1]).toEqual(['Ada', 'Acme', '120', '{"city":"Acme City","public":true}'])
  })

  it('writes AI values typed in JSON: numbers as numbers, objects as objects, confidence as a number', async () => {
    // A streamed file, not a typed JSON answer: compared as it comes.
    const data: unknown = await (await exportOk({ format: 'json', scope: 'selected', rowIndexes: [1], aiDetails: true })).json()
    expect(data).toEqual([
      {
        Name: 'Bob',
        Company: 'Globex',
        Staff: 45.5,
        'Staff reasoning': `=HYPERLINK("http://evil.example") says Globex`,
        'Staff confidence': 0.75,
        'Staff sources': 'https://acme.example/about\nhttps://news.example/acme',
        Facts: { city: 'Globex City', public: true },
        'Facts reasoning': 'From the row',
        'Facts confidence': 1,
        'Facts sources': '',
      },
    ])
  })

  it('writes AI values and confidence as numbers in Excel, reasoning as text that never runs', async () => {
    const res = await exportOk({ format: 'xlsx', scope: 'view', view: { filters: [], sort: { column: 'c1', direction: 'desc' } }, aiDetails: true })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer)
    const sheet = workbook.worksheets[0]!
    expect(sheet.getRow(1).getCell(3).value).toBe('Staff')
    expect(sheet.getRow(1).getCell(6).value).toBe('Staff sources')
    // Sorted by Company, descending: Globex first.
    expect(sheet.getRow(2).getCell(3).value).toBe(45.5)
    expect(sheet.getRow(2).getCell(4).value).toBe(`=HYPERLINK("http://evil.example") says Globex`)
    expect(sheet.getRow(2).getCell(4).type).toBe(ExcelJS.ValueType.String)
    expect(sheet.getRow(2).getCell(5).value).toBe(0.75)
    expect(sheet.getRow(3).getCell(3).value).toBe(120)
  })

  it("does not export another user's file with its AI details", async () => {
    const res = await bob.request(`/api/uploads/${id}/exports`, { method: 'POST', json: { format: 'csv', scope: 'all', aiDetails: true } })
    expect(res.status).toBe(404)
  })
})
