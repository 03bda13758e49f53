import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseNumber } from '#common/cell-values'
import { planResultSchema, type Plan, type PlanResult } from '#common/schemas/plans'
import { rowsPageSchema, rowViewSearchParams, type RowSort } from '#common/schemas/rows'
import type { UploadColumn } from '#common/schemas/uploads'
import { readJson } from '#server/test/contract'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'

/**
 * Issue 44, the plans' part: values sent as JSON numbers and booleans, ties in file order both
 * ways, medians and percentiles, exact case when asked, and one group's figure as the answer, run
 * through `POST /api/uploads/:id/chat/plan`. The test works every answer out itself from the rows
 * it generated.
 */

let t: TestApp
let alice: TestBrowser
let uploadId: string
let columns: UploadColumn[]

const ROWS = 180
const brands = ['Hacendado', 'hacendado', 'HACENDADO', 'Bosque Verde', 'bosque verde', 'Deliplus', '']

/** Product, Brand (one name in three cases), Price (number, ties, empty), Reviews (text numbers with ties, 'n/a', empty), Organic (yes/no). */
function product(i: number): string[] {
  const price = i % 29 === 4 ? '' : String(((i * 37) % 60) + 0.5 * (i % 3))
  const reviews = i % 17 === 2 ? 'n/a' : i % 19 === 5 ? '' : String((i * 13) % 40)
  return [`Product ${String(i).padStart(3, '0')}`, brands[i % brands.length]!, price, reviews, i % 4 === 0 ? 'true' : 'false']
}
const header = ['Product', 'Brand', 'Price', 'Reviews', 'Organic']
const rows = Array.from({ length: ROWS }, (_, i) => product(i))
const cell = (i: number, name: string) => rows[i]![header.indexOf(name)]!
const indexesWhere = (test: (i: number) => boolean) => rows.flatMap((_, i) => (test(i) ? [i] : []))
const numberOf = (i: number, name: string) => (cell(i, name).trim() === '' ? null : parseNumber(cell(i, name).trim()))

async function runBody(body: unknown) {
  return alice.request(`/api/uploads/${uploadId}/chat/plan`, { method: 'POST', json: body })
}
async function planOk(plan: Plan | Record<string, unknown>): Promise<PlanResult> {
  const res = await runBody({ plan })
  expect(res.status, await res.clone().text()).toBe(200)
  return readJson(res, planResultSchema)
}

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  uploadId = await importCsv(alice, 'products.csv', csvOf(header, rows))
  columns = (await getUploadDetail(alice, uploadId)).columns as UploadColumn[]
}, 120_000)
afterAll(async () => {
  await t?.close()
})

describe('numbers as numbers', () => {
  it('accepts a value sent as a JSON number and compares it as the same number written as text', async () => {
    const asNumber = await planOk({ where: { column: 'Price', op: 'greater_than', value: 40 }, limit: 1000 })
    const asText = await planOk({ where: { column: 'Price', op: 'greater_than', value: '40' }, limit: 1000 })
    const expected = indexesWhere((i) => (numberOf(i, 'Price') ?? -Infinity) > 40)
    expect(expected.length).toBeGreaterThan(0)
    expect(asNumber.rowIndexes).toEqual(expected)
    expect(asText.rowIndexes).toEqual(expected)
    expect(asNumber.criteria).toEqual(asText.criteria)
  })

  it('accepts numbers in lists and between, a boolean value, and a number to compare a figure with', async () => {
    const inList = await planOk({ where: { column: 'Reviews', op: 'in', values: [0, 13, '26'] }, limit: 1000 })
    expect(inList.rowIndexes).toEqual(indexesWhere((i) => [0, 13, 26].includes(numberOf(i, 'Reviews') ?? -1)))
    const between = await planOk({ where: { column: 'Price', op: 'between', values: [10.5, 20] }, limit: 1000 })
    expect(between.rowIndexes).toEqual(indexesWhere((i) => { const p = numberOf(i, 'Price'); return p !== null && p >= 10.5 && p <= 20 }))
    const organic = await planOk({ where: { column: 'Organic', op: 'equals', value: true }, limit: 1000 })
    expect(organic.rowIndexes).toEqual(indexesWhere((i) => i % 4 === 0))
    const total = indexesWhere(() => true).reduce((sum, i) => sum + (numberOf(i, 'Price') ?? 0), 0)
    const compared = await planOk({ aggregate: { op: 'sum', column: 'Price', compare: { op: 'greater_than', value: total - 1 } } })
    expect(compared.aggregate).toMatchObject({ op: 'sum', answer: true, compare: { op: 'greater_than', value: String(total - 1) } })
  })

  it('refuses a body naming the field and what it expected, not another branch of the union', async () => {
    const object = await runBody({ plan: { where: { all: [{ column: 'Price', op: 'greater_than', value: { amount: 4 } }] } } })
    expect(object.status).toBe(422)
    expect((await errorOf(object)).message).toBe('plan.where.all.0.value: Invalid input: expected string, number or boolean')
    const op = await runBody({ plan: { aggregate: { op: 'mode', column: 'Price' } } })
    expect(op.status).toBe(422)
    const message = (await errorOf(op)).message
    expect(message).toMatch(/^plan\.aggregate\.op: Invalid option: expected one of /)
    for (const known of ['"count"', '"count_by"', '"sum"', '"group_by"']) expect(message).toContain(known)
  })
})

// ---- Ties ----------------------------------------------------------------------------------------

const keyOf = (name: string) => columns.find((c) => c.name === name)!.key
const brandKey = (i: number) => (cell(i, 'Brand').trim() === '' ? null : cell(i, 'Brand').trim().toLowerCase())

/** Values in the sort's direction, tied ones (and the empty ones, last) in file order whichever the direction. */
function expectedOrder(valueOf: (i: number) => number | string | null, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1
  const valued = indexesWhere((i) => valueOf(i) !== null).sort((a, b) => {
    const [x, y] = [valueOf(a)!, valueOf(b)!]
    return x < y ? -sign : x > y ? sign : a - b
  })
  return [...valued, ...indexesWhere((i) => valueOf(i) === null)]
}

async function gridOrder(sort: RowSort, perPage: number) {
  const pageOf = async (page: number) => {
    const query = { ...Object.fromEntries(rowViewSearchParams({ filters: [], sort })), page: String(page), perPage: String(perPage) }
    return readJson(await alice.api.uploads[':id'].rows.$get({ param: { id: uploadId }, query }), rowsPageSchema)
  }
  const first = await pageOf(1)
  const indexes = first.data.map((row) => row.rowIndex)
  // The later pages are read from the far end of the order: the ties must read the same from there.
  for (let n = 2; n <= first.totalPages; n += 1) indexes.push(...(await pageOf(n)).data.map((row) => row.rowIndex))
  return indexes
}

describe('ties keep file order both ways', () => {
  it('in the grid, page by page, for a number and a text column', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      expect(await gridOrder({ column: keyOf('Price'), direction }, 25)).toEqual(expectedOrder((i) => numberOf(i, 'Price'), direction))
      expect(await gridOrder({ column: keyOf('Brand'), direction }, 10)).toEqual(expectedOrder(brandKey, direction))
    }
  })

  it('in plans: the top rows of a descending sort are the first of the tied rows in the file', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const byPrice = await planOk({ sort: { column: 'Price', direction }, limit: 7 })
      const expected = expectedOrder((i) => numberOf(i, 'Price'), direction)
      expect(byPrice.rowIndexes).toEqual(expected)
      expect(byPrice.rows.map((row) => row.rowIndex)).toEqual(expected.slice(0, 7))
      const byBrand = await planOk({ sort: { column: 'Brand', direction }, limit: 3 })
      expect(byBrand.rowIndexes).toEqual(expectedOrder(brandKey, direction))
      const byFormula = await planOk({ sort: { formula: 'LOWER({Brand})', direction }, limit: 3 })
      expect(byFormula.rowIndexes).toEqual(expectedOrder(brandKey, direction))
    }
    // The four highest prices among tied ones: the earlier rows.
    const top = await planOk({ sort: { column: 'Price', direction: 'desc' }, limit: 4 })
    const highest = numberOf(top.rows[0]!.rowIndex, 'Price')
    expect(indexesWhere((i) => numberOf(i, 'Price') === highest).length).toBeGreaterThan(1)
  })

  it('in exports of a sorted view', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const res = await alice.request(`/api/uploads/${uploadId}/exports`, {
        method: 'POST',
        json: { format: 'json', scope: 'view', view: { filters: [], sort: { column: keyOf('Brand'), direction } }, columns: [keyOf('Product')] },
      })
      expect(res.status, res.ok ? '' : await res.clone().text()).toBe(200)
      const exported = (await res.json()) as Array<{ Product: string }>
      expect(exported.map((row) => row.Product)).toEqual(expectedOrder(brandKey, direction).map((i) => cell(i, 'Product')))
    }
  })
})
