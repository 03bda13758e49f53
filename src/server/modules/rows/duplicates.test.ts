import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DUPLICATES_MESSAGES } from '#common/messages'
import { queryRows } from '#server/db/query-rows'
import { UPLOAD_NOT_FOUND } from '#server/modules/uploads/upload-id-param'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'
import { duplicatesPreviewSchema, recordIdentityColumnsOf, removeDuplicatesResultSchema } from '#common/schemas/duplicates'
import { readJson } from '#server/test/contract'

let t: TestApp
let alice: TestBrowser
let bob: TestBrowser

/**
 * A lead list with exact repeats (rows 1, 4 and 5) and near ones: the same e-mail written with
 * other case, accents or spaces (2, 7, 12), the same website written as another URL of its domain
 * (2, 9, 12). Columns: c1 Email, c2 Name, c3 Company, c4 Website, c5 Country.
 */
const header = ['Email', 'Name', 'Company', 'Website', 'Country']
const leads = [
  ['ada@example.com', 'Ada Lovelace', 'Analytical', 'https://www.analytical.io/', 'UK'], // 0
  ['ada@example.com', 'Ada Lovelace', 'Analytical', 'https://www.analytical.io/', 'UK'], // 1 exact repeat of 0
  [' ADA@Example.com', 'Ada Lovelace', 'Analytical Engines', 'analytical.io', ''], // 2 near repeat of 0, less complete
  ['grace@navy.mil', 'Grace Hopper', 'Navy', 'navy.mil', 'US'], // 3
  ['grace@navy.mil', 'Grace Hopper', 'Navy', 'navy.mil', 'US'], // 4 exact
  ['grace@navy.mil', 'Grace Hopper', 'Navy', 'navy.mil', 'US'], // 5 exact
  ['alan@bletchley.uk', 'Alan Turing', '', '', ''], // 6 sparse
  ['Alan@Bletchley.uk', 'Alan Turing', 'Bletchley Park', 'http://bletchley.uk/hut8', 'UK'], // 7 near repeat of 6, more complete
  ['', 'Linus', '', 'https://kernel.org', 'FI'], // 8 no e-mail
  ['', 'Linus T', '', 'kernel.org/about', 'FI'], // 9 no e-mail; same domain as 8
  ['edsger@tue.nl', 'Edsger', 'TU/e', 'tue.nl', 'NL'], // 10 unique
  ['zoe@accent.fr', 'Zoe', '', 'accent.fr', ''], // 11
  ['Zoë@accent.fr', 'Zoë', 'Accent', 'www.accent.fr', 'FR'], // 12 near repeat of 11 (accent), more complete
]

let leadsId: string

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
  await t.startTrial(alice)
  leadsId = await importCsv(alice, 'leads.csv', csvOf(header, leads))
})
afterAll(async () => {
  await t?.close()
})

const preview = (json: { columns: 'all' | string[]; keep?: 'first' | 'most_complete' }, browser = alice, id = leadsId) =>
  browser.api.uploads[':id'].duplicates.preview.$post({ param: { id }, json })

async function previewOk(json: { columns: 'all' | string[]; keep?: 'first' | 'most_complete' }, id = leadsId) {
  const res = await preview(json, alice, id)
  expect(res.status).toBe(200)
  return readJson(res, duplicatesPreviewSchema)
}

async function rowIndexesOf(id: string) {
  const res = await alice.api.uploads[':id'].rows.$get({ param: { id }, query: { perPage: '100' } })
  return (await res.json()).data.map((row) => row.rowIndex)
}

describe('the quality report', () => {
  it('counts exact repeats and repeats of the e-mail and the website (by domain) at import', async () => {
    const detail = await getUploadDetail(alice, leadsId)
    expect(detail.qualityMetrics?.duplicates).toEqual({
      exactRows: 3,
      columns: [
        { key: 'c1', name: 'Email', kind: 'email', rows: 6 },
        { key: 'c4', name: 'Website', kind: 'website', rows: 6 },
      ],
      // Records by their e-mail; websites are companies several rows share (analytical.io, navy.mil, kernel.org, accent.fr).
      records: { columns: ['Email'], rows: 6 },
      shared: [{ key: 'c4', name: 'Website', values: 4 }],
    })
  })

  it('counts nothing on a list without repeats', async () => {
    const id = await importCsv(alice, 'clean.csv', csvOf(['Lead ID', 'Name'], [['1', 'a'], ['2', 'a'], ['3', 'b']]))
    expect((await getUploadDetail(alice, id)).qualityMetrics?.duplicates).toEqual({
      exactRows: 0,
      columns: [{ key: 'c1', name: 'Lead ID', kind: 'id', rows: 0 }],
      records: { columns: ['Lead ID'], rows: 0 },
      shared: [],
    })
  })
})

describe('the report and the dialog agree (issue 44)', () => {
  /**
   * A 1,000-row customer list as a new user tried it: colleagues at 240 shared companies (one
   * website and e-mail domain each), and 7 customers entered a second time with their id and
   * e-mail in other case and spacing.
   */
  function customerList() {
    let seed = 44
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648)
    const header = ['Index', 'Customer Id', 'First Name', 'Last Name', 'Company', 'City', 'Country', 'Phone 1', 'Email Domain', 'Email', 'Subscription Date', 'Website']
    const rows: string[][] = []
    const contacts = new Map<number, number>()
    for (let i = 0; i < 993; i += 1) {
      const company = Math.floor(random() * 240)
      contacts.set(company, (contacts.get(company) ?? 0) + 1)
      const domain = `company${company}.com`
      rows.push([String(i + 1), `CID${1000 + i}`, `First${i}`, `Last${i}`, `Company ${company}`, 'Lisbon', 'Portugal', `+351 ${100000 + i}`, domain, `first${i}.last${i}@${domain}`, '2024-03-01', `https://www.${domain}/`])
    }
    for (let i = 0; i < 7; i += 1) {
      const again = [...rows[i * 100]!]
      again[0] = String(994 + i)
      again[1] = ` ${again[1]!.toLowerCase()}`
      again[9] = again[9]!.toUpperCase()
      again[4] = `${again[4]} Ltd`
      rows.push(again)
      contacts.set(Number(again[8]!.slice(7, -4)), (contacts.get(Number(again[8]!.slice(7, -4))) ?? 0) + 1)
    }
    const shared = [...contacts.values()].filter((n) => n > 1).length
    return { header, rows, shared }
  }

  it("counts the duplicates the dialog's default finds, and shared companies as contacts, not duplicates", async () => {
    const list = customerList()
    const id = await importCsv(alice, 'customers-1000.csv', csvOf(list.header, list.rows))
    const detail = await getUploadDetail(alice, id)
    const figures = detail.qualityMetrics?.duplicates
    expect(figures?.records).toEqual({ columns: ['Customer Id', 'Email'], rows: 7 })
    expect(figures?.shared).toEqual([
      { key: 'c9', name: 'Email Domain', values: list.shared },
      { key: 'c12', name: 'Website', values: list.shared },
    ])
    // The dialog's default: the columns that identify a record, by the one rule.
    const chosen = recordIdentityColumnsOf(detail.columns).map((column) => column.key)
    expect(chosen).toEqual(['c2', 'c10'])
    const found = await previewOk({ columns: chosen }, id)
    expect(found.duplicateRows).toBe(figures?.records?.rows)
    expect(found.rowIndexes).toEqual([993, 994, 995, 996, 997, 998, 999])
    // Magic Chat's answer over every row says the same, by the same rule: no shared website or domain.
    const plan = await alice.api.uploads[':id'].chat.plan.$post({ param: { id }, json: { plan: {} } })
    expect(plan.status).toBe(200)
    const answer = await plan.json()
    expect(answer.duplicates.records).toEqual(figures?.records)
    expect(answer.duplicates.columns.map((column) => column.column)).toEqual(['Customer Id', 'Email'])
  })
})

describe('Remove duplicates', () => {
  it('finds exact repeats by all columns, keeping the first of each group', async () => {
    expect(await previewOk({ columns: 'all' })).toEqual({ duplicateRows: 3, groups: 2, totalRows: 13, rowIndexes: [1, 4, 5] })
  })

  it('compares e-mails as plans compare text: case, accents and outer spaces aside', async () => {
    expect(await previewOk({ columns: ['c1'] })).toMatchObject({ duplicateRows: 6, groups: 4, rowIndexes: [1, 2, 4, 5, 7, 12] })
  })

  it('compares websites by domain, never counting empty values as repeats', async () => {
    expect(await previewOk({ columns: ['c4'] })).toMatchObject({ duplicateRows: 6, groups: 4, rowIndexes: [1, 2, 4, 5, 9, 12] })
    // E-mail and name together: Linus (8, 9) has no e-mail and two names; Alan's and Zoë's rows match.
    expect(await previewOk({ columns: ['c1', 'c2'] })).toMatchObject({ rowIndexes: [1, 2, 4, 5, 7, 12] })
  })

  it('keeps the most complete row of each group when asked', async () => {
    expect(await previewOk({ columns: ['c1'], keep: 'most_complete' })).toMatchObject({ duplicateRows: 6, rowIndexes: [1, 2, 4, 5, 6, 11] })
  })

  it('refuses a column the upload does not have, and no columns at all', async () => {
    expect((await preview({ columns: ['c99'] })).status).toBe(422)
    expect((await preview({ columns: [] })).status).toBe(422)
  })

  it("answers 404 for another user's upload and deletes nothing of it", async () => {
    const seen = await preview({ columns: 'all' }, bob)
    expect(seen.status).toBe(404)
    expect((await errorOf(seen)).message).toBe(UPLOAD_NOT_FOUND)
    const removed = await bob.api.uploads[':id'].duplicates.remove.$post({ param: { id: leadsId }, json: { columns: 'all' } })
    expect(removed.status).toBe(404)
    expect(await rowIndexesOf(leadsId)).toHaveLength(13)
  })

  it('deletes nothing when the rows changed since the count the user saw', async () => {
    const res = await alice.api.uploads[':id'].duplicates.remove.$post({ param: { id: leadsId }, json: { columns: ['c1'], expectedCount: 5 } })
    expect(res.status).toBe(409)
    expect((await errorOf(res)).message).toBe(DUPLICATES_MESSAGES.changed)
    expect(await rowIndexesOf(leadsId)).toHaveLength(13)
  })

  it('removes the rows it previewed with their AI cells, and the counts and quality report follow', async () => {
    const field = await alice.api.uploads[':id']['ai-fields'].$post({ param: { id: leadsId }, json: { name: 'Industry', prompt: 'Industry of {Company}?' } })
    expect(field.status).toBe(201)
    const fieldId = (await field.json()).id
    // Cells as a finished run leaves them, on a kept row (0) and on rows about to go (1, 6).
    await queryRows(sql`INSERT INTO ai_cells (field_id, upload_id, row_index, status) VALUES
      (${fieldId}, ${leadsId}, 0, 'done'), (${fieldId}, ${leadsId}, 1, 'done'), (${fieldId}, ${leadsId}, 6, 'queued')`)

    const shown = await previewOk({ columns: ['c1'], keep: 'most_complete' })
    const res = await alice.api.uploads[':id'].duplicates.remove.$post({
      param: { id: leadsId },
      json: { columns: ['c1'], keep: 'most_complete', expectedCount: shown.duplicateRows },
    })
    expect(res.status).toBe(200)
    expect(await readJson(res, removeDuplicatesResultSchema)).toEqual({ deleted: 6, totalRows: 7 })

    expect(await rowIndexesOf(leadsId)).toEqual([0, 3, 7, 8, 9, 10, 12])
    const cells = await queryRows<{ row_index: number }>(sql`SELECT row_index FROM ai_cells WHERE field_id = ${fieldId} ORDER BY row_index`)
    expect(cells.map((cell) => Number(cell.row_index))).toEqual([0])
    const fields = await (await alice.api.uploads[':id']['ai-fields'].$get({ param: { id: leadsId } })).json()
    expect(fields.fields[0]?.counts).toMatchObject({ done: 1, queued: 0, total: 1 })

    const detail = await getUploadDetail(alice, leadsId)
    expect(detail).toMatchObject({ totalRows: 7, validRows: 7 })
    // The domain kernel.org still repeats (Linus has no e-mail to compare).
    expect(detail.qualityMetrics?.duplicates).toMatchObject({
      exactRows: 0,
      columns: [{ name: 'Email', rows: 0 }, { name: 'Website', rows: 1 }],
      records: { columns: ['Email'], rows: 0 },
      shared: [{ name: 'Website', values: 1 }],
    })
    expect((await previewOk({ columns: ['c1'] })).duplicateRows).toBe(0)
  })
})

describe('Magic Chat', () => {
  it("says when the rows a plan counted hold duplicates by the report's rule: records by their identity, never a shared website", async () => {
    const id = await importCsv(alice, 'chat.csv', csvOf(header, leads))
    const res = await alice.api.uploads[':id'].chat.plan.$post({ param: { id }, json: { plan: { where: { column: 'Country', op: 'equals', value: 'UK' } } } })
    expect(res.status).toBe(200)
    const result = await res.json()
    expect(result.count).toBe(3)
    // Rows 0, 1 and 7: by e-mail 1 repeats 0 (7 shares 0's website only: not a duplicate). Whole rows are compared only without identity columns.
    expect(result.duplicates).toEqual({ exactRows: null, columns: [{ column: 'Email', rows: 1 }], records: { columns: ['Email'], rows: 1 } })
    const nl = await (await alice.api.uploads[':id'].chat.plan.$post({ param: { id }, json: { plan: { where: { column: 'Country', op: 'equals', value: 'NL' } } } })).json()
    expect(nl.duplicates).toEqual({ exactRows: null, columns: [], records: { columns: ['Email'], rows: 0 } })
  })

  it('counts exact repeats among the rows a plan counted in a file with no identifying column', async () => {
    const id = await importCsv(alice, 'plain.csv', csvOf(['Name', 'Country'], [['a', 'DE'], ['a', 'DE'], ['b', 'DE'], ['a', 'ES']]))
    const res = await alice.api.uploads[':id'].chat.plan.$post({ param: { id }, json: { plan: { where: { column: 'Country', op: 'equals', value: 'DE' } } } })
    expect((await res.json()).duplicates).toEqual({ exactRows: 1, columns: [], records: { columns: [], rows: 1 } })
    // A grouping keeps the scan's rows once for its groups: the whole rows still count.
    const grouped = await alice.api.uploads[':id'].chat.plan.$post({ param: { id }, json: { plan: { where: { column: 'Country', op: 'equals', value: 'DE' }, aggregate: { op: 'count_by', column: 'Name' } } } })
    const body = await grouped.json()
    expect(body.duplicates).toEqual({ exactRows: 1, columns: [], records: { columns: [], rows: 1 } })
    expect(body.aggregate).toEqual({ op: 'count_by', column: 'Name', groups: [{ value: 'a', count: 2 }, { value: 'b', count: 1 }], otherGroups: 0 })
  })
})
