import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { aiSearchFileLabel, type CreateExportInput } from '#common/schemas/rows'
import { db } from '#server/db/client'
import { exports } from '#server/db/schema/index'
import { createTestApp, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, importCsv } from '#server/test/upload-helpers'

let t: TestApp
let alice: TestBrowser
let bob: TestBrowser
let id: string

const header = ['Name', 'Company', 'Employees', 'Note']
const rows = [
  ['Ada', 'Acme, Inc.', '120', '=HYPERLINK("http://evil.example","click")'],
  ['Bob', 'Globex', '-45', 'said "hi"\nthen left'],
  ['Zoë', 'Initech', '7', '+1 555 0100'],
  ['Cy', '@corp', '', '-5'],
]

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
  id = await importCsv(alice, 'leads.csv', csvOf(header, rows))
})
afterAll(async () => {
  await t?.close()
})

async function exportOk(input: CreateExportInput, browser = alice) {
  const res = await browser.request(`/api/uploads/${id}/exports`, { method: 'POST', json: input })
  expect(res.status, res.ok ? '' : await res.clone().text()).toBe(200)
  return res
}

const filenameOf = (res: Response) => /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1]

describe('exports', () => {
  it('writes every row and column as RFC 4180 CSV, formulas escaped, numbers and phone numbers kept', async () => {
    const res = await exportOk({ format: 'csv', scope: 'all' })
    expect(filenameOf(res)).toBe('enriched_leads.csv')
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const text = await res.text()
    expect(text.startsWith('\uFEFF')).toBe(false)
    expect(text.split('\r\n')[0]).toBe('Name,Company,Employees,Note')
    expect(text.endsWith('\r\n')).toBe(true)
    const parsed = Papa.parse<string[]>(text.replace(/\r\n$/, ''), { newline: '\r\n' }).data
    expect(parsed).toEqual([
      header,
      ['Ada', 'Acme, Inc.', '120', `'=HYPERLINK("http://evil.example","click")`],
      ['Bob', 'Globex', '-45', 'said "hi"\nthen left'],
      ['Zoë', 'Initech', '7', '+1 555 0100'],
      ['Cy', "'@corp", '', '-5'],
    ])
  })

  it('adds a byte order mark for Excel when asked', async () => {
    const bytes = new Uint8Array(await (await exportOk({ format: 'csv', scope: 'all', bom: true })).arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  })

  it('exports the view: its rows in its order, the grid’s columns in its order', async () => {
    const input: CreateExportInput = {
      format: 'json',
      scope: 'view',
      view: { filters: [{ column: 'c3', operator: 'is_not_empty', value: '' }], sort: { column: 'c3', direction: 'desc' } },
      columns: ['c3', 'c1'],
    }
    const res = await exportOk(input)
    expect(filenameOf(res)).toBe('filtered_leads.json')
    expect(res.headers.get('x-row-count')).toBe('3')
    expect(await res.json()).toEqual([
      { Employees: 120, Name: 'Ada' },
      { Employees: 7, Name: 'Zoë' },
      { Employees: -45, Name: 'Bob' },
    ])
    expect(await (await exportOk({ ...input, format: 'csv' })).text()).toBe('Employees,Name\r\n120,Ada\r\n7,Zoë\r\n-45,Bob\r\n')
    const empty = await exportOk({ ...input, view: { filters: [], q: 'nobody-has-this' } })
    expect(await empty.json()).toEqual([])
  })

  it('exports the AI filter’s rows as ai_search_<query>_<file>', async () => {
    const res = await exportOk({
      format: 'csv',
      scope: 'view',
      view: { filters: [], where: { column: 'employees', op: 'greater_than', value: '50' } },
      columns: ['c1', 'c3'],
      fileLabel: aiSearchFileLabel('Who has > 50 staff?'),
    })
    expect(filenameOf(res)).toBe('ai_search_Who_has___50_staff__leads.csv')
    expect(res.headers.get('x-row-count')).toBe('1')
    expect(await res.text()).toBe('Name,Employees\r\nAda,120\r\n')
  })

  it('refuses a file label that is not letters, digits and underscores', async () => {
    const res = await alice.request(`/api/uploads/${id}/exports`, {
      method: 'POST',
      json: { format: 'csv', scope: 'all', fileLabel: '../evil' },
    })
    expect(res.status).toBe(422)
  })

  it('exports the selected rows as an Excel workbook of text cells', async () => {
    const res = await exportOk({ format: 'xlsx', scope: 'selected', rowIndexes: [3, 0], columns: ['c1', 'c2', 'c4'] })
    expect(filenameOf(res)).toBe('selected_leads.xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await res.arrayBuffer())
    const sheet = workbook.worksheets[0]!
    const values = sheet.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1))
    expect(values).toEqual([
      ['Name', 'Company', 'Note'],
      ['Ada', 'Acme, Inc.', '=HYPERLINK("http://evil.example","click")'],
      ['Cy', '@corp', '-5'],
    ])
    expect(sheet.getCell('C2').type).toBe(ExcelJS.ValueType.String)
  })

  it('exports typed columns as numbers, dates and booleans in JSON and Excel, text as text', async () => {
    const typed = await importCsv(
      alice,
      'typed.csv',
      csvOf(['Name', 'Phone', 'Score', 'Signed', 'Active'], [
        ['Ada', '+1-555-0100', '1,500', '2024-03-31', 'yes'],
        ['Bob', '+44 (20) 7946-0958', '-2.5', '2023-12-01', 'no'],
        ['Cy', '=1+1', '', '', 'true'],
      ]),
    )
    const exportTyped = (format: CreateExportInput['format']) =>
      alice.request(`/api/uploads/${typed}/exports`, { method: 'POST', json: { format, scope: 'all' } })

    expect(await (await exportTyped('json')).json()).toEqual([
      { Name: 'Ada', Phone: '+1-555-0100', Score: 1500, Signed: '2024-03-31', Active: true },
      { Name: 'Bob', Phone: '+44 (20) 7946-0958', Score: -2.5, Signed: '2023-12-01', Active: false },
      { Name: 'Cy', Phone: '=1+1', Score: null, Signed: null, Active: true },
    ])

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await (await exportTyped('xlsx')).arrayBuffer())
    const sheet = workbook.worksheets[0]!
    expect(sheet.getCell('B2').value).toBe('+1-555-0100')
    expect(sheet.getCell('C2').value).toBe(1500)
    expect(sheet.getCell('C2').type).toBe(ExcelJS.ValueType.Number)
    expect(sheet.getCell('D2').value).toEqual(new Date(Date.UTC(2024, 2, 31)))
    expect(sheet.getCell('D2').numFmt).toBe('yyyy-mm-dd')
    expect(sheet.getCell('E3').value).toBe(false)
    expect(sheet.getCell('B4').type).toBe(ExcelJS.ValueType.String)
    expect(sheet.getCell('C4').value).toBeNull()

    const csv = await (await exportTyped('csv')).text()
    expect(csv).toBe("Name,Phone,Score,Signed,Active\r\nAda,+1-555-0100,\"1,500\",2024-03-31,yes\r\nBob,+44 (20) 7946-0958,-2.5,2023-12-01,no\r\nCy,'=1+1,,,true\r\n")
  })

  it('leaves the grid’s hidden columns out of Export All as out of Export View', async () => {
    const all = await exportOk({ format: 'csv', scope: 'all', columns: ['c1', 'c3'] })
    expect((await all.text()).split('\r\n')[0]).toBe('Name,Employees')
    const view = await exportOk({ format: 'csv', scope: 'view', view: { filters: [] }, columns: ['c1', 'c3'] })
    expect((await view.text()).split('\r\n')[0]).toBe('Name,Employees')
  })

  it('puts AI columns after the original and added ones, and counts every export', async () => {
    const added = await alice.api.uploads[':id'].columns.$post({ param: { id }, json: { name: 'Owner', type: 'text' } })
    const { key } = await added.json()
    const before = await db.select().from(exports).where(eq(exports.uploadId, id))
    const res = await exportOk({ format: 'csv', scope: 'view', view: { filters: [] }, columns: [key, 'c1'] })
    expect((await res.text()).split('\r\n')[0]).toBe('Owner,Name')

    const after = await db.select().from(exports).where(eq(exports.uploadId, id))
    expect(after.length).toBe(before.length + 1)
    expect(after.find((row) => !before.some((old) => old.id === row.id))).toMatchObject({ format: 'csv', scope: 'view', rowCount: 4 })
    expect(before.find((row) => row.scope === 'selected')).toMatchObject({ format: 'xlsx', rowCount: 2 })
  })

  it('refuses an empty selection and another user', async () => {
    expect((await alice.request(`/api/uploads/${id}/exports`, { method: 'POST', json: { format: 'csv', scope: 'selected', rowIndexes: [] } })).status).toBe(422)
    expect((await alice.request(`/api/uploads/${id}/exports`, { method: 'POST', json: { format: 'pdf', scope: 'all' } })).status).toBe(422)
    const before = (await db.select().from(exports)).length
    expect((await bob.request(`/api/uploads/${id}/exports`, { method: 'POST', json: { format: 'csv', scope: 'all' } })).status).toBe(404)
    expect((await db.select().from(exports)).length).toBe(before)
  })
})
