import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROWS_API } from '#common/constants'
import { API_TOKEN_MESSAGES, COLUMN_MESSAGES, ROWS_API_MESSAGES, UPLOAD_MESSAGES } from '#common/messages'
import { addRowsResultSchema, deleteRowsResultSchema, gridRowSchema, rowsPageSchema, rowViewSearchParams } from '#common/schemas/rows'
import { searchResultSchema } from '#common/schemas/search'
import { columnsResponseSchema } from '#common/schemas/rows'
import { UPLOAD_NOT_FOUND } from '#server/modules/uploads/upload-id-param'
import { readJson } from '#server/test/contract'
import { readEvents } from '#server/test/read-events'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'

let t: TestApp
let alice: TestBrowser
let bob: TestBrowser
let writer: TestBrowser
let reader: TestBrowser

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  alice = (await t.signUpVerified()).browser
  bob = (await t.signUpVerified()).browser
  const token = async (scope: 'read' | 'read_write') =>
    (await (await alice.api['api-tokens'].$post({ json: { name: `rows ${scope}`, scope } })).json()).token
  writer = t.bearer(await token('read_write'))
  reader = t.bearer(await token('read'))
}, 120_000)
afterAll(async () => {
  await t?.close()
})

const LEADS = csvOf(
  ['Email', 'Name', 'Company'],
  [
    ['ada@example.com', 'Ada', 'Acme'],
    ['grace@example.com', 'Grace', 'Globex'],
    ['zoe@example.com', 'Zoé', 'Initech'],
  ],
)

async function leads(name = 'leads.csv', content = LEADS) {
  return importCsv(alice, name, content)
}

function post(browser: TestBrowser, id: string, body: unknown, { query = '', headers = {} }: { query?: string; headers?: Record<string, string> } = {}) {
  return browser.request(`/api/uploads/${id}/rows${query}`, { method: 'POST', json: body, headers })
}

function postCsv(browser: TestBrowser, id: string, body: string | Uint8Array, query = '') {
  return browser.request(`/api/uploads/${id}/rows${query}`, { method: 'POST', body: body as BodyInit, headers: { 'content-type': 'text/csv' } })
}

async function rowsByName(id: string, browser = alice) {
  const res = await browser.api.uploads[':id'].rows.$get({ param: { id }, query: { perPage: '100', keyBy: 'name' } })
  return (await readJson(res, rowsPageSchema)).data
}

async function added(res: Response) {
  expect(res.status, await res.clone().text()).toBe(201)
  return readJson(res, addRowsResultSchema)
}

describe('adding rows as JSON', () => {
  it('adds rows after the last, matching names without regard to case, values as text', async () => {
    const id = await leads()
    const result = await added(
      await post(writer, id, {
        rows: [
          { EMAIL: 'alan@example.com', name: 'Alan', ' Company ': 'Initech' },
          { Email: 'edsger@example.com', Name: 42.5, Company: true },
          { Email: 'barbara@example.com', Name: null, Company: '' },
        ],
      }),
    )
    expect(result).toEqual({ added: 3, updated: 0, addedRowIndexes: [3, 4, 5], updatedRowIndexes: [], addedColumns: [], skippedRows: 0, totalRows: 6, replayed: false })
    const rows = await rowsByName(id)
    expect(rows.slice(3)).toEqual([
      { rowIndex: 3, values: { Email: 'alan@example.com', Name: 'Alan', Company: 'Initech' } },
      { rowIndex: 4, values: { Email: 'edsger@example.com', Name: '42.5', Company: 'true' } },
      { rowIndex: 5, values: { Email: 'barbara@example.com', Name: '', Company: '' } },
    ])
  })

  it('refuses a bare array of rows, saying the shape it takes', async () => {
    const id = await leads()
    const res = await post(writer, id, [{ Email: 'alan@example.com' }])
    expect(res.status).toBe(422)
    expect((await errorOf(res)).message).toBe(ROWS_API_MESSAGES.notAnObject)
  })

  it('counts, sorts, filters, searches and exports the new rows at once', async () => {
    const id = await leads()
    const sortedByName = async () => {
      const query = { ...Object.fromEntries(rowViewSearchParams({ filters: [], sort: { column: 'c2', direction: 'desc' } })), perPage: '10' }
      return (await readJson(await alice.api.uploads[':id'].rows.$get({ param: { id }, query }), rowsPageSchema)).data.map((row) => row.values.c2)
    }
    // The first sort builds the column's index (on PGlite at once): the new row must go through it.
    expect(await sortedByName()).toEqual(['Zoé', 'Grace', 'Ada'])
    await added(await post(writer, id, { rows: [{ Email: 'katherine@example.com', Name: 'Katherine Johnson', Company: 'NACA' }] }))
    const detail = await getUploadDetail(alice, id)
    expect(detail).toMatchObject({ totalRows: 4, validRows: 4 })
    expect(await sortedByName()).toEqual(['Zoé', 'Katherine Johnson', 'Grace', 'Ada'])
    const filtered = { ...Object.fromEntries(rowViewSearchParams({ filters: [{ column: 'c3', operator: 'equals', value: 'naca' }] })) }
    const matches = await readJson(await alice.api.uploads[':id'].rows.$get({ param: { id }, query: filtered }), rowsPageSchema)
    expect(matches.data.map((row) => row.rowIndex)).toEqual([3])

    const grid = await alice.api.uploads[':id'].rows.$get({ param: { id }, query: { q: 'katherine' } })
    expect((await readJson(grid, rowsPageSchema)).data.map((row) => row.rowIndex)).toEqual([3])

    const everywhere = await readJson(await alice.api.search.$get({ query: { q: 'NACA' } }), searchResultSchema)
    expect(everywhere.hits.map((hit) => [hit.uploadId, hit.rowIndex])).toEqual([[id, 3]])

    const csv = await writer.post(`/api/uploads/${id}/exports`, { format: 'csv', scope: 'all' })
    expect(csv.status).toBe(200)
    expect((await csv.text()).trim().split(/\r?\n/).at(-1)).toBe('katherine@example.com,Katherine Johnson,NACA')
  })

  it('refuses names the file lacks with the list of its columns, or adds them as text columns when asked', async () => {
    const id = await leads()
    const refused = await post(writer, id, { rows: [{ Email: 'alan@example.com', Phone: '555-0100' }] })
    expect(refused.status).toBe(422)
    const error = await errorOf(refused)
    expect(error.message).toBe(ROWS_API_MESSAGES.unknownColumns(['Phone'], ['Email', 'Name', 'Company']))
    expect(error.details).toEqual({ unknownColumns: ['Phone'], columns: ['Email', 'Name', 'Company'] })
    expect(await rowsByName(id)).toHaveLength(3)

    const result = await added(await post(writer, id, { rows: [{ Email: 'alan@example.com', Phone: '555-0100' }, { phone: '555-0101' }], addColumns: true }))
    expect(result).toMatchObject({ added: 2, addedColumns: ['Phone'], addedRowIndexes: [3, 4] })
    const { columns } = await readJson(await alice.api.uploads[':id'].columns.$get({ param: { id } }), columnsResponseSchema)
    expect(columns.at(-1)).toMatchObject({ name: 'Phone', type: 'text', kind: 'manual' })
    const rows = await rowsByName(id)
    expect(rows.map((row) => row.values.Phone)).toEqual(['', '', '', '555-0100', '555-0101'])
  })

  it('makes a new column once when several calls name it at the same time', async () => {
    const id = await leads()
    const calls = Array.from({ length: 4 }, (_, i) => post(writer, id, { rows: [{ Email: `race${i}@example.com`, Region: `R${i}` }], addColumns: true }))
    const results = await Promise.all((await Promise.all(calls)).map((res) => added(res)))
    // Exactly one call made it; the others found it made and wrote into it.
    expect(results.filter((result) => result.addedColumns.length > 0).map((result) => result.addedColumns)).toEqual([['Region']])
    const { columns } = await readJson(await alice.api.uploads[':id'].columns.$get({ param: { id } }), columnsResponseSchema)
    expect(columns.filter((column) => column.name.toLowerCase() === 'region')).toHaveLength(1)
    const rows = await rowsByName(id)
    expect(rows.map((row) => row.values.Region).filter(Boolean).sort()).toEqual(['R0', 'R1', 'R2', 'R3'])
  })

  it('refuses a second column of the same name (any case) from the grid, the rows API and AI columns alike', async () => {
    const id = await leads()
    const manual = await alice.request(`/api/uploads/${id}/columns`, { method: 'POST', json: { name: ' email ', type: 'text' } })
    expect(manual.status).toBe(409)
    const { columns } = await readJson(await alice.api.uploads[':id'].columns.$get({ param: { id } }), columnsResponseSchema)
    expect(columns.map((column) => column.name)).toEqual(['Email', 'Name', 'Company'])
  })

  it(`refuses more than ${ROWS_API.maxRowsPerCall.toLocaleString('en-US')} rows a call, saying how many were sent`, async () => {
    const id = await leads()
    const rows = Array.from({ length: ROWS_API.maxRowsPerCall + 1 }, (_, i) => ({ Email: `lead${i}@example.com` }))
    const res = await post(writer, id, { rows })
    expect(res.status).toBe(422)
    expect((await errorOf(res)).message).toContain(ROWS_API_MESSAGES.tooManyRows(ROWS_API.maxRowsPerCall, ROWS_API.maxRowsPerCall + 1))
    const csv = await postCsv(writer, id, csvOf(['Email'], rows.map((row) => [row.Email])))
    expect(csv.status).toBe(422)
    expect((await errorOf(csv)).message).toBe(ROWS_API_MESSAGES.tooManyRows(ROWS_API.maxRowsPerCall, null))
    expect(await getUploadDetail(alice, id)).toMatchObject({ totalRows: 3 })
  })

  it(`adds ${ROWS_API.maxRowsPerCall.toLocaleString('en-US')} rows in one call`, async () => {
    const id = await leads()
    const rows = Array.from({ length: ROWS_API.maxRowsPerCall }, (_, i) => ({ Email: `lead${i}@example.com`, Name: `Lead ${i}` }))
    const result = await added(await post(writer, id, { rows }))
    expect(result.added).toBe(ROWS_API.maxRowsPerCall)
    expect(result.addedRowIndexes.at(-1)).toBe(ROWS_API.maxRowsPerCall + 2)
    expect(result.totalRows).toBe(ROWS_API.maxRowsPerCall + 3)
  })
})

describe('bodies that cannot be rows', () => {
  it('refuses objects and lists as values, saying what a value may be', async () => {
    const id = await leads()
    for (const value of [{ first: 'Ada' }, ['Ada']]) {
      const res = await post(writer, id, { rows: [{ Email: 'x@example.com', Name: value }] })
      expect(res.status).toBe(422)
      const error = await errorOf(res)
      expect(error.message).toBe(`rows.0.Name: ${ROWS_API_MESSAGES.valueTypeAny}`)
    }
  })

  it('refuses a NUL byte in a name or a value, naming where', async () => {
    const id = await leads()
    const inValue = await post(writer, id, { rows: [{ Email: 'a\u0000b@example.com' }] })
    expect(inValue.status).toBe(422)
    expect((await errorOf(inValue)).message).toMatch(/^rows\.0\.Email contains .*NUL/)
    const inName = await post(writer, id, { rows: [{ 'Em\u0000ail': 'ab@example.com' }] })
    expect(inName.status).toBe(422)
    expect((await errorOf(inName)).message).toMatch(/NUL/)
  })

  it('refuses values nested past the depth limit before reading them', async () => {
    const id = await leads()
    let deep: unknown = 'x'
    for (let i = 0; i < 40; i++) deep = { deeper: deep }
    const res = await post(writer, id, { rows: [{ Email: deep }] })
    expect(res.status).toBe(422)
    expect((await errorOf(res)).message).toMatch(/nested more than 32 levels/)
  })

  it('refuses a body past 16 MB with a 413 that says the limit', async () => {
    const id = await leads()
    const res = await postCsv(writer, id, `Email\n${'a'.repeat(17 * 1024 * 1024)}\n`)
    expect(res.status).toBe(413)
    expect((await errorOf(res)).message).toMatch(/limit is 16 MB/)
  })

  it('refuses a body that is neither JSON nor CSV, and an empty list of rows', async () => {
    const id = await leads()
    const xml = await writer.request(`/api/uploads/${id}/rows`, { method: 'POST', body: '<rows/>', headers: { 'content-type': 'application/xml' } })
    expect(xml.status).toBe(415)
    expect((await errorOf(xml)).message).toBe(ROWS_API_MESSAGES.unsupportedType)
    const empty = await post(writer, id, { rows: [] })
    expect(empty.status).toBe(422)
    expect((await errorOf(empty)).message).toContain(ROWS_API_MESSAGES.noRows)
  })

  it("refuses values for an AI column, whose cells its prompt fills", async () => {
    const id = await leads()
    await t.startTrial(alice)
    const field = await alice.post(`/api/uploads/${id}/ai-fields`, { name: 'Industry', prompt: 'Industry of {Company}' })
    expect(field.status).toBe(201)
    const res = await post(writer, id, { rows: [{ Email: 'a@example.com', industry: 'Software' }] })
    expect(res.status).toBe(422)
    expect((await errorOf(res)).message).toBe(ROWS_API_MESSAGES.aiColumn('Industry'))
  })

  it('refuses a name repeated in one row', async () => {
    const id = await leads()
    const res = await post(writer, id, { rows: [{ Email: 'a@example.com', EMAIL: 'b@example.com' }] })
    expect(res.status).toBe(422)
    expect((await errorOf(res)).message).toBe(`rows.0: ${ROWS_API_MESSAGES.repeatedColumn('EMAIL')}`)
  })
})

describe('adding rows as CSV', () => {
  it('reads the body as an import reads a file: encoding, quoted line breaks, NUL bytes, ragged rows', async () => {
    const id = await leads()
    // Windows-1252: 'é' is one byte (0xE9), which is not UTF-8.
    const text = 'company,EMAIL,Name\r\nBéta,"beta@example.com",Be\u0000ta\r\n"Multi\r\nLine",ml@example.com,Em\r\nToo,many,cells,here\r\nShort,short@example.com\r\n'
    const bytes = Uint8Array.from(text, (ch) => ch.charCodeAt(0))
    const result = await added(await postCsv(writer, id, bytes))
    expect(result).toMatchObject({ added: 3, addedRowIndexes: [3, 4, 5], skippedRows: 1, addedColumns: [] })
    const rows = await rowsByName(id)
    expect(rows.slice(3).map((row) => row.values)).toEqual([
      { Email: 'beta@example.com', Name: 'Beta', Company: 'Béta' },
      { Email: 'ml@example.com', Name: 'Em', Company: 'Multi\r\nLine' },
      { Email: 'short@example.com', Name: '', Company: 'Short' },
    ])
  })

  it('drops the NUL bytes of a short body, however large their share, and refuses only an archive or program', async () => {
    const id = await leads()
    // 31 bytes, 2 of them NUL: a file's sniff would call it binary; a rows call is text by its Content-Type.
    const short = new TextEncoder().encode('Email,Name\nz@example.com,Zo\u0000\u0000e\n')
    expect(short.length).toBe(31)
    expect((await added(await postCsv(writer, id, short))).addedRowIndexes).toEqual([3])
    // Mostly NULs, in a value and between cells.
    const heavy = new TextEncoder().encode(`Email,Name\nn\u0000u\u0000l@example.com,${'\u0000'.repeat(60)}Nil\u0000\n`)
    expect((await added(await postCsv(writer, id, heavy))).addedRowIndexes).toEqual([4])
    // UTF-16 text, where every other byte is NUL, is read as UTF-16.
    const utf16 = Uint8Array.from([0xff, 0xfe, ...Buffer.from('Email,Name\nu@example.com,Uta\n', 'utf16le')])
    expect((await added(await postCsv(writer, id, utf16))).addedRowIndexes).toEqual([5])
    const rows = await rowsByName(id)
    expect(rows.slice(3).map((row) => row.values)).toEqual([
      { Email: 'z@example.com', Name: 'Zoe', Company: '' },
      { Email: 'nul@example.com', Name: 'Nil', Company: '' },
      { Email: 'u@example.com', Name: 'Uta', Company: '' },
    ])

    const gzip = Uint8Array.from([0x1f, 0x8b, 0x08, 0x00, ...new TextEncoder().encode('Email\na@example.com\n')])
    const refused = await postCsv(writer, id, gzip)
    expect(refused.status).toBe(422)
    expect((await errorOf(refused)).message).toBe(ROWS_API_MESSAGES.csvUnreadable(UPLOAD_MESSAGES.binaryFile))
  })

  it('adds the columns the header names with ?addColumns=true, and refuses them without', async () => {
    const id = await leads()
    const body = 'Email,Phone\nalan@example.com,555-0100\n'
    const refused = await postCsv(writer, id, body)
    expect(refused.status).toBe(422)
    expect((await errorOf(refused)).message).toBe(ROWS_API_MESSAGES.unknownColumns(['Phone'], ['Email', 'Name', 'Company']))
    const result = await added(await postCsv(writer, id, body, '?addColumns=true'))
    expect(result).toMatchObject({ added: 1, addedColumns: ['Phone'] })
  })

  it('refuses a body with a header and no rows', async () => {
    const id = await leads()
    const res = await postCsv(writer, id, 'Email,Name\n')
    expect(res.status).toBe(422)
    expect((await errorOf(res)).message).toBe(ROWS_API_MESSAGES.noRows)
  })
})

describe('upsert by a key', () => {
  it('updates the row whose key matches as plans compare text, adds the others, and says which', async () => {
    const id = await leads()
    const result = await added(
      await post(
        writer,
        id,
        {
          rows: [
            { Email: '  ADA@Example.com ', Company: 'Acme Ltd' },
            { Email: 'new@example.com', Name: 'New' },
            { Email: 'ZOE@EXAMPLE.COM', Name: 'Zoe' },
            { Email: 'New@Example.com', Company: 'Later' },
            { Email: '', Name: 'No key' },
          ],
        },
        { query: '?upsert=email' },
      ),
    )
    expect(result).toMatchObject({ added: 2, updated: 2, addedRowIndexes: [3, 4], updatedRowIndexes: [0, 2], totalRows: 5 })
    const rows = await rowsByName(id)
    // The keys that matched keep their stored spelling; two new rows sharing a key keep the first one sent.
    expect(rows.map((row) => row.values)).toEqual([
      { Email: 'ada@example.com', Name: 'Ada', Company: 'Acme Ltd' },
      { Email: 'grace@example.com', Name: 'Grace', Company: 'Globex' },
      { Email: 'zoe@example.com', Name: 'Zoe', Company: 'Initech' },
      { Email: 'new@example.com', Name: 'New', Company: 'Later' },
      { Email: '', Name: 'No key', Company: '' },
    ])
  })

  it('keeps the stored key clean: a key that compares equal is never rewritten with the spacing and case sent (issue 44)', async () => {
    const id = await leads('clean-keys.csv', csvOf(['Customer Id', 'Name'], [['CUST-001', 'Ada'], ['cust-002', 'Grace']]))
    const result = await added(
      await post(writer, id, { rows: [{ 'Customer Id': '  cust-001 ', Name: 'Ada L.' }, { 'Customer Id': 'CUST-002', Name: 'Grace H.' }] }, { query: '?upsert=Customer%20Id' }),
    )
    expect(result).toMatchObject({ added: 0, updated: 2 })
    expect((await rowsByName(id)).map((row) => row.values)).toEqual([
      { 'Customer Id': 'CUST-001', Name: 'Ada L.' },
      { 'Customer Id': 'cust-002', Name: 'Grace H.' },
    ])
    // The stored key still finds its row, and only the other values change again.
    await added(await post(writer, id, { rows: [{ 'Customer Id': 'Cust-001', Name: 'Ada Lovelace' }] }, { query: '?upsert=Customer%20Id' }))
    expect((await rowsByName(id))[0]!.values).toEqual({ 'Customer Id': 'CUST-001', Name: 'Ada Lovelace' })
  })

  it('folds accents as plans do, and a null value empties a cell of the updated row', async () => {
    const id = await leads('accents.csv', csvOf(['Name', 'Company'], [['Zoé', 'Initech'], ['Ada', 'Acme']]))
    const result = await added(await post(writer, id, { rows: [{ Name: 'zoe', Company: null }] }, { query: '?upsert=Name' }))
    expect(result).toMatchObject({ added: 0, updated: 1, updatedRowIndexes: [0], totalRows: 2 })
    expect((await rowsByName(id))[0]!.values).toEqual({ Name: 'Zoé', Company: '' })
  })

  it('upserts CSV rows too', async () => {
    const id = await leads()
    const result = await added(await postCsv(writer, id, 'Email,Name\ngrace@example.com,Grace Hopper\nlinus@example.com,Linus\n', '?upsert=Email'))
    expect(result).toMatchObject({ added: 1, updated: 1, updatedRowIndexes: [1], addedRowIndexes: [3] })
  })

  it('refuses a key that is not a column', async () => {
    const id = await leads()
    const res = await post(writer, id, { rows: [{ Email: 'a@example.com' }] }, { query: '?upsert=Phone' })
    expect(res.status).toBe(422)
    expect((await errorOf(res)).message).toBe(ROWS_API_MESSAGES.unknownKeyColumn('Phone', ['Email', 'Name', 'Company']))
  })
})

describe('Idempotency-Key', () => {
  it("answers a retry with the first call's result and adds nothing twice", async () => {
    const id = await leads()
    const body = { rows: [{ Email: 'retry@example.com' }] }
    const headers = { 'idempotency-key': 'order-1234' }
    const first = await added(await post(writer, id, body, { headers }))
    const second = await added(await post(writer, id, body, { headers }))
    expect(second).toEqual({ ...first, replayed: true })
    expect(await getUploadDetail(alice, id)).toMatchObject({ totalRows: 4 })
    // The key is the user's: another user's call under the same key is theirs.
    const bobs = await importCsv(bob, 'bob.csv', LEADS)
    expect((await added(await bob.request(`/api/uploads/${bobs}/rows`, { method: 'POST', json: body, headers }))).replayed).toBe(false)
  })

  it('refuses the same key with another body, file or option, saying why', async () => {
    const id = await leads()
    const other = await leads()
    const headers = { 'idempotency-key': 'sync-2026-11-28' }
    await added(await post(writer, id, { rows: [{ Email: 'one@example.com' }] }, { headers }))
    for (const res of [
      await post(writer, id, { rows: [{ Email: 'two@example.com' }] }, { headers }),
      await post(writer, other, { rows: [{ Email: 'one@example.com' }] }, { headers }),
      await post(writer, id, { rows: [{ Email: 'one@example.com' }] }, { headers, query: '?upsert=Email' }),
    ]) {
      expect(res.status).toBe(409)
      expect((await errorOf(res)).message).toBe(ROWS_API_MESSAGES.idempotencyKeyReused)
    }
    expect(await getUploadDetail(alice, id)).toMatchObject({ totalRows: 4 })
    expect(await getUploadDetail(alice, other)).toMatchObject({ totalRows: 3 })
  })

  it('adds the rows once when two calls with the same key arrive together', async () => {
    const id = await leads()
    const body = { rows: [{ Email: 'twice@example.com' }, { Email: 'twice2@example.com' }] }
    const headers = { 'idempotency-key': 'webhook-delivery-88' }
    const responses = await Promise.all([post(writer, id, body, { headers }), post(writer, id, body, { headers })])
    const answers = await Promise.all(responses.map(added))
    expect(answers.map((answer) => answer.replayed).sort()).toEqual([false, true])
    expect(answers[0]!.addedRowIndexes).toEqual(answers[1]!.addedRowIndexes)
    expect(await getUploadDetail(alice, id)).toMatchObject({ totalRows: 5 })
  })

  it('refuses a key that is not visible ASCII', async () => {
    const id = await leads()
    const res = await post(writer, id, { rows: [{ Email: 'a@example.com' }] }, { headers: { 'idempotency-key': 'x'.repeat(ROWS_API.maxIdempotencyKeyChars + 1) } })
    expect(res.status).toBe(422)
    expect((await errorOf(res)).message).toBe(ROWS_API_MESSAGES.idempotencyKeyInvalid(ROWS_API.maxIdempotencyKeyChars))
  })
})

describe('who may add rows', () => {
  it('refuses a read token with the scope error, and adds nothing', async () => {
    const id = await leads()
    const res = await post(reader, id, { rows: [{ Email: 'a@example.com' }] })
    expect(res.status).toBe(403)
    expect((await errorOf(res)).message).toBe(API_TOKEN_MESSAGES.readScopeRefused('POST'))
    expect(await getUploadDetail(alice, id)).toMatchObject({ totalRows: 3 })
  })

  it("answers another user's file as not found", async () => {
    const id = await leads()
    const res = await bob.request(`/api/uploads/${id}/rows`, { method: 'POST', json: { rows: [{ Email: 'a@example.com' }] } })
    expect(res.status).toBe(404)
    expect((await errorOf(res)).message).toBe(UPLOAD_NOT_FOUND)
  })

  it('edits and deletes rows by index with a write token, and refuses both with a read token', async () => {
    const id = await leads()
    expect((await reader.request(`/api/uploads/${id}/rows/1`, { method: 'PATCH', json: { column: 'c2', value: 'G' } })).status).toBe(403)
    expect((await reader.request(`/api/uploads/${id}/rows`, { method: 'DELETE', json: { rowIndexes: [0] } })).status).toBe(403)
    const edited = await writer.request(`/api/uploads/${id}/rows/1`, { method: 'PATCH', json: { column: 'c2', value: 'Grace Hopper' } })
    expect((await readJson(edited, gridRowSchema)).values.c2).toBe('Grace Hopper')
    const deleted = await writer.request(`/api/uploads/${id}/rows`, { method: 'DELETE', json: { rowIndexes: [0] } })
    expect(await readJson(deleted, deleteRowsResultSchema)).toEqual({ deleted: 1, totalRows: 2 })
  })

  it('documents adding, editing and deleting rows with their answers and scopes', async () => {
    const doc = (await (await alice.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>; requestBody?: { content: Record<string, unknown> }; 'x-token-scope'?: string }>>
    }
    const rows = doc.paths['/api/uploads/{id}/rows']!
    const one = doc.paths['/api/uploads/{id}/rows/{rowIndex}']!
    expect(rows.post!.responses['201']!.content!['application/json']!.schema).toMatchObject({ type: 'object', required: expect.arrayContaining(['addedRowIndexes', 'updatedRowIndexes']) })
    expect(Object.keys(rows.post!.requestBody!.content).sort()).toEqual(['application/json', 'text/csv'])
    expect(rows.delete!.responses['200']!.content!['application/json']!.schema).toMatchObject({ required: ['deleted', 'totalRows'] })
    expect(one.patch!.responses['200']!.content!['application/json']!.schema).toMatchObject({ required: ['rowIndex', 'values'] })
    expect([rows.post!['x-token-scope'], rows.delete!['x-token-scope'], one.patch!['x-token-scope']]).toEqual(['read_write', 'read_write', 'read_write'])
  })
})

describe('what follows an addition', () => {
  it("computes the file's formula columns for the rows added and updated, and refuses values for them", async () => {
    const id = await leads()
    const made = await alice.api.uploads[':id'].columns.$post({ param: { id }, json: { name: 'Domain', formula: 'DOMAIN({Email})' } })
    expect(made.status, await made.clone().text()).toBe(201)
    await added(await post(writer, id, { rows: [{ Email: 'alan@Turing.org', Name: 'Alan' }] }))
    await added(await post(writer, id, { rows: [{ Email: 'ADA@example.com', Name: 'Ada' }, { Email: 'ada@babbage.net' }] }, { query: '?upsert=Name' }))
    const byName = await rowsByName(id)
    expect(byName.map((row) => [row.values.Name ?? '', row.values.Domain ?? ''])).toEqual([
      ['Ada', 'example.com'],
      ['Grace', 'example.com'],
      ['Zoé', 'example.com'],
      ['Alan', 'turing.org'],
      ['', 'babbage.net'],
    ])
    const refused = await post(writer, id, { rows: [{ Email: 'x@example.com', Domain: 'y.com' }] })
    expect(refused.status).toBe(422)
    expect((await refused.json()).error.message).toBe(COLUMN_MESSAGES.formulaCellsReadOnly('Domain'))
  })

  it("tells the file's open pages, live", async () => {
    const id = await leads()
    const stream = await alice.request(`/api/uploads/${id}/ai-fields/events`)
    expect(stream.status).toBe(200)
    const reading = readEvents(stream, (event) => event.type === 'rows.added')
    await added(await post(writer, id, { rows: [{ Email: 'live@example.com' }] }))
    expect(await reading).toContainEqual({ type: 'rows.added', uploadId: id, added: 1, updated: 0, totalRows: 4 })
  })

  it("counts the duplicates again in the file's quality report", async () => {
    const id = await leads()
    const before = await getUploadDetail(alice, id)
    const emailRepeats = (detail: typeof before) => detail.qualityMetrics?.duplicates?.columns.find((column) => column.name === 'Email')?.rows
    expect(emailRepeats(before)).toBe(0)
    await added(await post(writer, id, { rows: [{ Email: 'Ada@example.com' }, { Email: 'GRACE@example.com ' }] }))
    await until('the duplicate figures to count the repeats', () => getUploadDetail(alice, id), (detail) => emailRepeats(detail) === 2)
  })
})
