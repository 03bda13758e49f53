import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addRowsResultSchema } from '#common/schemas/rows'
import { queryRows } from '#server/db/query-rows'
import { figureColumnsOf } from '#server/modules/row-storage/duplicate-groups'
import { countDuplicates } from '#server/modules/row-storage/duplicates-sql'
import { readJson } from '#server/test/contract'
import { labelsJobDone } from '#server/test/duplicate-labels'
import { createTestApp, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'

/**
 * Issue 44: the quality report's duplicate figures stay current after every change, counted from
 * the rows the change touched (duplicate-figures.ts): after each addition, upsert, edit and
 * deletion through the API, the report says what counting the whole file from scratch says
 * (`countDuplicates`), at once, without waiting for any job.
 */

let t: TestApp
let alice: TestBrowser

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  ;({ browser: alice } = await t.signUpVerified())
  await t.startTrial(alice)
}, 120_000)
afterAll(async () => {
  await t?.close()
})

function rng(seed: number) {
  let s = seed
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 4294967296
  }
}

/** Values that repeat each other only as the report compares them: case, accents, spaces, a website's other URLs. */
const IDS = ['C1', ' c1', 'C2', 'C3', '']
const EMAILS = ['ada@x.io', ' ADA@x.io', 'zoë@x.io', 'Zoe@X.io', 'bob@y.io', '']
const SITES = ['https://www.x.io/a', 'x.io', 'http://y.io', 'www.Y.io/about', 'z.io', '']
const NAMES = ['Ada', 'Zoe', 'Bob']
const header = ['Customer Id', 'Email', 'Website', 'Name']

/** The report's figures, and the same counted from scratch over the file as it is now. */
async function reportAndTruth(id: string) {
  const reported = (await getUploadDetail(alice, id)).qualityMetrics?.duplicates
  const truth = await countDuplicates({ id }, (await figureColumnsOf(id)).identifying)
  return { reported, truth }
}

const isCounted = async (id: string) => {
  const [row] = await queryRows<{ groups: string | null }>(sql`SELECT duplicate_groups AS groups FROM csv_uploads WHERE id = ${id}`)
  return row?.groups === (await figureColumnsOf(id)).signature
}

describe("the quality report's duplicate figures", () => {
  it('equal a count from scratch after every addition, upsert, edit and deletion, at once', async () => {
    const random = rng(44)
    const pick = <T,>(list: T[]) => list[Math.floor(random() * list.length)]!
    const row = () => [pick(IDS), pick(EMAILS), pick(SITES), pick(NAMES)]
    const id = await importCsv(alice, 'customers.csv', csvOf(header, Array.from({ length: 40 }, row)))
    await labelsJobDone(id)
    // The first change after an import on PostgreSQL has no groups to move yet: the labels job counts the file once.
    const first = await alice.request(`/api/uploads/${id}/rows`, { method: 'POST', json: { rows: [{ 'Customer Id': 'C1', Email: 'ada@x.io' }] } })
    expect(first.status).toBe(201)
    await until('the groups to be counted', () => isCounted(id), (counted) => counted, { timeoutMs: 30_000 })
    const start = await reportAndTruth(id)
    expect(start.reported).toEqual(start.truth)

    const moves = { add: 0, upsert: 0, edit: 0, delete: 0 }
    const added: Array<Record<string, string>> = []
    for (let step = 0; step < 36; step += 1) {
      const indexes = (await queryRows<{ row_index: number }>(sql`SELECT row_index FROM csv_rows WHERE upload_id = ${id} ORDER BY row_index`)).map((r) => Number(r.row_index))
      const roll = random()
      if (roll < 0.25) {
        const rows = Array.from({ length: 1 + Math.floor(random() * 3) }, () => Object.fromEntries(header.map((name, i) => [name, row()[i]!])))
        // Now and then a row sent again whole: an exact repeat.
        if (added.length > 0 && random() < 0.5) rows.push(pick(added))
        added.push(...rows)
        const res = await alice.request(`/api/uploads/${id}/rows`, { method: 'POST', json: { rows } })
        expect(res.status).toBe(201)
        moves.add += 1
      } else if (roll < 0.4) {
        // By name: the rows with that name get a new e-mail and id; a name no row has is added.
        const res = await alice.request(`/api/uploads/${id}/rows?upsert=Name`, { method: 'POST', json: { rows: [{ Name: pick([...NAMES, 'Eve']), Email: pick(EMAILS), 'Customer Id': pick(IDS) }] } })
        expect(res.status, await res.clone().text()).toBe(201)
        await readJson(res, addRowsResultSchema)
        moves.upsert += 1
      } else if (roll < 0.8) {
        const column = pick(['c1', 'c2', 'c3', 'c4'])
        const values = { c1: IDS, c2: EMAILS, c3: SITES, c4: NAMES }[column]!
        const res = await alice.api.uploads[':id'].rows[':rowIndex'].$patch({ param: { id, rowIndex: String(pick(indexes)) }, json: { column, value: pick(values) } })
        expect(res.status).toBe(200)
        moves.edit += 1
      } else {
        const res = await alice.request(`/api/uploads/${id}/rows`, { method: 'DELETE', json: { rowIndexes: [pick(indexes), pick(indexes)] } })
        expect(res.status).toBe(200)
        moves.delete += 1
      }
      const { reported, truth } = await reportAndTruth(id)
      expect({ step, reported }).toEqual({ step, reported: truth })
    }
    // Every kind of change was tried, and each was counted from its rows (the groups stayed current).
    expect(Object.values(moves).every((n) => n > 0)).toBe(true)
    expect(await isCounted(id)).toBe(true)
  }, 180_000)

  it('are counted again for the columns as they are when an identifying column is renamed', async () => {
    const id = await importCsv(alice, 'renamed.csv', csvOf(header, [['C1', 'a@x.io', 'x.io', 'Ada'], ['C2', 'b@x.io', 'x.io', 'Bob'], ['C3', 'a@x.io', 'y.io', 'Zoe']]))
    await labelsJobDone(id)
    expect((await reportAndTruth(id)).reported?.records).toEqual({ columns: ['Customer Id', 'Email'], rows: 0 })
    // The e-mail column no longer identifies a record: the rename asks for the file to be counted again, once.
    const renamed = await alice.api.uploads[':id'].columns[':key'].$patch({ param: { id, key: 'c2' }, json: { name: 'Contact' } })
    expect(renamed.status).toBe(200)
    await until('the groups to be counted again', () => isCounted(id), (counted) => counted, { timeoutMs: 30_000 })
    const recounted = await reportAndTruth(id)
    expect(recounted.reported).toEqual(recounted.truth)
    expect(recounted.reported?.records).toEqual({ columns: ['Customer Id'], rows: 0 })
    // Then the next change moves only its row again.
    const res = await alice.request(`/api/uploads/${id}/rows`, { method: 'POST', json: { rows: [{ 'Customer Id': ' c1', Contact: 'z@x.io' }] } })
    expect(res.status).toBe(201)
    const { reported, truth } = await reportAndTruth(id)
    expect(reported).toEqual(truth)
    expect(reported?.records).toEqual({ columns: ['Customer Id'], rows: 1 })
  }, 60_000)
})
