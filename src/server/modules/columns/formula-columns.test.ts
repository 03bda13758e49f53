import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluateFormulaText } from '#common/formula/evaluate'
import { formulaColumnsOf, parseFormula } from '#common/formula/parse'
import { todayKey } from '#common/formula/values'
import { API_TOKEN_MESSAGES, COLUMN_MESSAGES } from '#common/messages'
import { formulaPreviewResponseSchema, gridRowSchema, rowsPageSchema } from '#common/schemas/rows'
import { uploadColumnSchema, type UploadColumn } from '#common/schemas/uploads'
import { readJson } from '#server/test/contract'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'

/**
 * Issue 32, formula columns on the server: `POST /api/uploads/:id/columns` with a formula adds a
 * column typed by it and computed for every row; `PATCH` changes the formula; a cell edit keeps the
 * row's values true; a rename keeps the formula working; a bad formula is a 422 that points at the place.
 */

let t: TestApp
let alice: TestBrowser
let bob: TestBrowser
let id: string

const leads = [
  ['Acme', 'jane@www.Acme.com', '1,200', '$2,400,000', '04/07/2024'],
  ['Globex', 'Bob <bob@globex.co.uk>', '45', '$90,000', '25/12/2024'],
  ['Initech', '', 'n/a', '', ''],
  ['Umbrella', 'https://umbrella.io/team', '0', '$10', '2024-02-29'],
  ['Hooli', 'gavin@HOOLI.com', '1000', '1000000', '31/01/2025'],
]

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
  id = await importCsv(alice, 'leads.csv', csvOf(['Company', 'Email', 'Employees', 'Revenue', 'Signup date'], leads))
})
afterAll(async () => {
  await t?.close()
})

const addColumn = (json: { name: string; formula: string } | { name: string; type: 'text' }, browser = alice, upload = id) =>
  browser.api.uploads[':id'].columns.$post({ param: { id: upload }, json })
const patchColumn = (key: string, json: { formula?: string; name?: string }, browser = alice) =>
  browser.api.uploads[':id'].columns[':key'].$patch({ param: { id, key }, json })
const editCell = (rowIndex: number, column: string, value: string) =>
  alice.api.uploads[':id'].rows[':rowIndex'].$patch({ param: { id, rowIndex: String(rowIndex) }, json: { column, value } })

async function rows() {
  const page = await readJson(await alice.api.uploads[':id'].rows.$get({ param: { id }, query: { perPage: '100' } }), rowsPageSchema)
  return page.data
}

/** What the reference evaluator says the column holds, row by row, from the rows as they are now. */
async function expectedValues(formula: string) {
  const columns = (await getUploadDetail(alice, id)).columns
  const parsed = parseFormula(formula, formulaColumnsOf(columns))
  if (!parsed.ok) throw new Error(parsed.error.message)
  const dateOrders = new Map(columns.map((column) => [column.key, column.dateOrder]))
  return (await rows()).map((row) => evaluateFormulaText(parsed.ast, { cells: row.values, rowNumber: row.rowIndex + 1 }, { dateOrders, today: todayKey() }))
}

const valuesOf = async (key: string) => (await rows()).map((row) => row.values[key] ?? null)

async function created(res: Response): Promise<UploadColumn> {
  expect(res.status, await res.clone().text()).toBe(201)
  return readJson(res, uploadColumnSchema)
}
const added = async (json: { name: string; formula: string }) => created(await addColumn(json))

describe('formula columns', () => {
  it('adds a column typed by its formula and computes it for every row', async () => {
    const domain = await added({ name: 'Domain', formula: 'DOMAIN({email})' })
    expect(domain).toMatchObject({ name: 'Domain', kind: 'formula', type: 'text', formula: 'DOMAIN({email})' })
    expect(await valuesOf(domain.key)).toEqual(await expectedValues('DOMAIN({email})'))
    expect((await valuesOf(domain.key))[0]).toBe('acme.com')

    const perHead = await added({ name: 'Revenue per head', formula: 'ROUND({Revenue} / {Employees}, 2)' })
    expect(perHead.type).toBe('number')
    expect(await valuesOf(perHead.key)).toEqual(await expectedValues('ROUND({Revenue} / {Employees}, 2)'))

    const size = await added({ name: 'Size', formula: 'IF(NUMBER({Employees}) >= 1000, "Enterprise", "SMB")' })
    expect(await valuesOf(size.key)).toEqual(['Enterprise', 'SMB', 'SMB', 'SMB', 'Enterprise'])

    const year = await added({ name: 'Signup year', formula: 'YEAR({Signup date})' })
    expect(await valuesOf(year.key)).toEqual(await expectedValues('YEAR({Signup date})'))
    expect((await added({ name: 'Signed', formula: 'DATE({Signup date})' })).type).toBe('date')
    expect((await added({ name: 'Big', formula: '{Employees} > 100' })).type).toBe('boolean')

    const columns = (await getUploadDetail(alice, id)).columns
    expect(columns.filter((column) => column.kind === 'formula').map((column) => column.name)).toEqual([
      'Domain',
      'Revenue per head',
      'Size',
      'Signup year',
      'Signed',
      'Big',
    ])
  })

  it('previews a formula on the first rows as the column would hold them, for the owner only', async () => {
    const preview = (formula: string, browser = alice) =>
      browser.api.uploads[':id'].columns['formula-preview'].$post({ param: { id }, json: { formula } })
    const res = await preview('ROUND({Revenue} / {Employees}, 2)')
    expect(res.status).toBe(200)
    const body = await readJson(res, formulaPreviewResponseSchema)
    expect(body.type).toBe('number')
    expect(body.rows.map((row) => row.rowIndex)).toEqual(leads.map((_, i) => i))
    expect(body.rows.map((row) => row.value)).toEqual(await expectedValues('ROUND({Revenue} / {Employees}, 2)'))
    const bad = await preview('ROUND({Revenue} / )')
    expect([bad.status, (await errorOf(bad)).message]).toEqual([422, 'character 19: expected a value: a number, "text", {Column} or a function'])
    expect((await preview('ROW()', bob)).status).toBe(404)
  })

  it('refuses a formula that does not read with a 422 that points at the place, and adds nothing', async () => {
    const before = (await getUploadDetail(alice, id)).columns.length
    const cases = [
      ['LOWER({Email}) & LWOER({Company})', 'character 18: unknown function LWOER; did you mean LOWER?'],
      ['UPPER({Emial})', 'character 7: unknown column {Emial}; did you mean {Email}?'],
      ['LEFT({Email})', 'character 1: LEFT takes 2 arguments, not 1'],
      ['YEAR(12)', 'character 6: YEAR needs a date here, not a number'],
      ['({Company}', 'character 11: expected ")"'],
    ] as const
    for (const [formula, message] of cases) {
      const res = await addColumn({ name: 'Broken', formula })
      expect([res.status, (await errorOf(res)).message]).toEqual([422, message])
    }
    const pointed = await errorOf(await addColumn({ name: 'Broken', formula: 'LOWER({Email}) & LWOER({Company})' }))
    expect(pointed.details).toEqual({ at: 17 })
    expect((await getUploadDetail(alice, id)).columns).toHaveLength(before)
  })

  it("refuses another user's upload as unknown", async () => {
    const res = await addColumn({ name: 'Domain 2', formula: 'DOMAIN({Email})' }, bob)
    expect(res.status).toBe(404)
    expect((await getUploadDetail(alice, id)).columns.some((column) => column.name === 'Domain 2')).toBe(false)
  })

  it('changes a formula, its type and every value with PATCH; refuses a formula on a column that has none', async () => {
    const column = await added({ name: 'Changing', formula: 'UPPER({Company})' })
    const res = await patchColumn(column.key, { formula: 'LEN({Company}) * 2' })
    expect(res.status).toBe(200)
    expect(await readJson(res, uploadColumnSchema)).toMatchObject({ type: 'number', formula: 'LEN({Company}) * 2' })
    expect(await valuesOf(column.key)).toEqual(await expectedValues('LEN({Company}) * 2'))

    const bad = await patchColumn(column.key, { formula: 'LEN({Nope})' })
    expect([bad.status, (await errorOf(bad)).message]).toEqual([422, 'character 5: unknown column {Nope}'])

    const manual = await created(await addColumn({ name: 'Notes', type: 'text' }))
    const refused = await patchColumn(manual.key, { formula: 'ROW()' })
    expect([refused.status, (await errorOf(refused)).message]).toEqual([422, COLUMN_MESSAGES.notAFormulaColumn])
  })

  it("keeps a row's formula values true after an edit of a source cell, and refuses an edit of a formula cell", async () => {
    const domain = (await getUploadDetail(alice, id)).columns.find((column) => column.name === 'Domain')!
    const emailKey = (await getUploadDetail(alice, id)).columns.find((column) => column.name === 'Email')!.key
    const res = await editCell(2, emailKey, 'ceo@Initech.example')
    expect(res.status).toBe(200)
    const row = await readJson(res, gridRowSchema)
    expect(row.values[domain.key]).toBe('initech.example')
    expect(await valuesOf(domain.key)).toEqual(await expectedValues('DOMAIN({Email})'))

    const cleared = await readJson(await editCell(2, emailKey, ''), gridRowSchema)
    expect(cleared.values[domain.key]).toBeUndefined()

    const refused = await editCell(0, domain.key, 'x.com')
    expect([refused.status, (await errorOf(refused)).message]).toEqual([422, COLUMN_MESSAGES.formulaCellsReadOnly('Domain')])
  })

  it('keeps formulas working when a column they name is renamed', async () => {
    const columns = (await getUploadDetail(alice, id)).columns
    const email = columns.find((column) => column.name === 'Email')!
    const renamed = await patchColumn(email.key, { name: 'Work e-mail' })
    expect(renamed.status).toBe(200)
    const domain = (await getUploadDetail(alice, id)).columns.find((column) => column.name === 'Domain')!
    expect(domain.formula).toBe('DOMAIN({Work e-mail})')
    const row = await readJson(await editCell(1, email.key, 'x@renamed.org'), gridRowSchema)
    expect(row.values[domain.key]).toBe('renamed.org')
  })

  it('is described in the OpenAPI document: the body takes a name and a formula', async () => {
    const res = await alice.request('/api/openapi.json')
    const document = (await res.json()) as { paths: Record<string, Record<string, { requestBody?: unknown }>> }
    const body = JSON.stringify(document.paths['/api/uploads/{id}/columns']?.post?.requestBody)
    expect(body).toContain('"formula"')
    expect(body).toContain('"type"')
  })

  it('builds a formula on formula columns, from the cells beneath: true after an edit, a new formula, a rename and a deletion; a circle is refused', async () => {
    const employees = (await getUploadDetail(alice, id)).columns.find((column) => column.name === 'Employees')!
    const size = await added({ name: 'Staff', formula: 'NUMBER({Employees})' })
    const band = await added({ name: 'Band', formula: 'IF({Staff} >= 1000, "Enterprise", "SMB")' })
    const copy = await added({ name: 'Staff copy', formula: '{Staff}' })
    expect([band.type, copy.type]).toEqual(['text', 'number'])
    expect((await valuesOf(band.key)).slice(0, 2)).toEqual(['Enterprise', 'SMB'])
    expect(await valuesOf(band.key)).toEqual(await expectedValues(band.formula!))

    // An edit of the cell beneath reaches the formula two steps up.
    const edited = await readJson(await editCell(1, employees.key, '5,000'), gridRowSchema)
    expect([edited.values[size.key], edited.values[band.key]]).toEqual(['5000', 'Enterprise'])

    // A new formula for {Staff}: the columns reading it are computed again, and typed by what they now give.
    expect((await patchColumn(size.key, { formula: 'UPPER({Company})' })).status).toBe(200)
    const after = (await getUploadDetail(alice, id)).columns
    expect(after.find((column) => column.key === copy.key)?.type).toBe('text')
    expect(await valuesOf(copy.key)).toEqual(['ACME', 'GLOBEX', 'INITECH', 'UMBRELLA', 'HOOLI'])
    expect(await valuesOf(band.key)).toEqual(await expectedValues(band.formula!))

    // A formula that would read itself, directly or through another, is refused and changes nothing.
    const circle = await patchColumn(size.key, { formula: 'LEN({Band})' })
    expect([circle.status, (await errorOf(circle)).message]).toEqual([422, 'character 5: formula columns cannot read each other in a circle: {Staff} reads {Band} reads {Staff}'])
    const itself = await patchColumn(size.key, { formula: '{staff} & "!"' })
    expect([itself.status, (await errorOf(itself)).message]).toEqual([422, 'character 1: formula columns cannot read each other in a circle: {Staff} reads {Staff}'])
    expect((await getUploadDetail(alice, id)).columns.find((column) => column.key === size.key)?.formula).toBe('UPPER({Company})')

    expect((await patchColumn(size.key, { name: 'Headcount' })).status).toBe(200)
    expect((await getUploadDetail(alice, id)).columns.find((column) => column.key === band.key)?.formula).toBe('IF({Headcount} >= 1000, "Enterprise", "SMB")')

    expect((await alice.api.uploads[':id'].columns[':key'].$delete({ param: { id, key: size.key } })).status).toBe(200)
    const left = (await getUploadDetail(alice, id)).columns
    expect(left.find((column) => column.key === band.key)?.formulaError).toBe('character 4: unknown column {Headcount}')
    for (const key of [band.key, copy.key]) expect((await alice.api.uploads[':id'].columns[':key'].$delete({ param: { id, key } })).status).toBe(200)
  })

  it('puts a formula whose column was deleted in an error state that names the column, and edits go on', async () => {
    const columns = (await getUploadDetail(alice, id)).columns
    const revenue = columns.find((column) => column.name === 'Revenue')!
    const company = columns.find((column) => column.name === 'Company')!
    expect(columns.find((column) => column.name === 'Revenue per head')?.formulaError).toBeNull()
    expect((await alice.api.uploads[':id'].columns[':key'].$delete({ param: { id, key: revenue.key } })).status).toBe(200)
    const after = (await getUploadDetail(alice, id)).columns
    expect(after.find((column) => column.name === 'Revenue per head')?.formulaError).toBe('character 7: unknown column {Revenue}')
    const edited = await editCell(0, company.key, 'Acme Two')
    expect(edited.status).toBe(200)
  })
})

describe('the edges of the formula routes', () => {
  const paths = () => ({ add: `/api/uploads/${id}/columns`, preview: `/api/uploads/${id}/columns/formula-preview` })
  const patchPath = async () => `/api/uploads/${id}/columns/${(await getUploadDetail(alice, id)).columns.find((column) => column.kind === 'formula')!.key}`

  it('refuses a NUL byte in a formula on every door, naming the field', async () => {
    const formula = 'UPPER({Company})\u0000'
    for (const res of [
      await alice.post(paths().add, { name: 'Nul', formula }),
      await alice.post(paths().preview, { formula }),
      await alice.request(await patchPath(), { method: 'PATCH', json: { formula } }),
    ]) {
      expect(res.status).toBe(422)
      expect((await errorOf(res)).message).toMatch(/^formula contains .*NUL/)
    }
  })

  it('refuses a 1 MB body with a 413 and a deeply nested one with a 422, each saying why', async () => {
    const big = JSON.stringify({ name: 'Big', formula: `"${'x'.repeat(1024 * 1024)}"` })
    for (const path of [paths().add, paths().preview]) {
      const res = await alice.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big })
      expect(res.status).toBe(413)
      expect((await errorOf(res)).message).toMatch(/limit is 1 MB/)
    }
    let deep: unknown = 'ROW()'
    for (let i = 0; i < 40; i++) deep = { deeper: deep }
    for (const res of [await alice.post(paths().add, { name: 'Deep', formula: deep }), await alice.post(paths().preview, { formula: deep })]) {
      expect(res.status).toBe(422)
      expect((await errorOf(res)).message).toMatch(/nested more than 32 levels/)
    }
  })

  it('lets a read token preview a formula (it saves nothing) and refuses it adding or changing one', async () => {
    const token = (await (await alice.api['api-tokens'].$post({ json: { name: 'formula reader', scope: 'read' } })).json()).token
    const reader = t.bearer(token)
    const before = (await getUploadDetail(alice, id)).columns
    const preview = await reader.post(paths().preview, { formula: 'UPPER({Company})' })
    expect(preview.status).toBe(200)
    expect((await readJson(preview, formulaPreviewResponseSchema)).rows[1]?.value).toBe('GLOBEX')
    const add = await reader.post(paths().add, { name: 'By token', formula: 'ROW()' })
    const patch = await reader.request(await patchPath(), { method: 'PATCH', json: { formula: 'ROW()' } })
    expect([add.status, (await errorOf(add)).message]).toEqual([403, API_TOKEN_MESSAGES.readScopeRefused('POST')])
    expect([patch.status, (await errorOf(patch)).message]).toEqual([403, API_TOKEN_MESSAGES.readScopeRefused('PATCH')])
    expect((await getUploadDetail(alice, id)).columns).toEqual(before)
  })

  it('documents the suggestion route in the OpenAPI document with its answer', async () => {
    const document = (await (await alice.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> }
    const operation = document.paths['/api/uploads/{id}/columns/formula-suggest']?.post
    expect(JSON.stringify(operation?.responses?.['200'])).toContain('"remainingCredits"')
  })
})
