import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseNumber } from '#common/cell-values'
import { planResultSchema, type Plan, type PlanResult } from '#common/schemas/plans'
import { readJson } from '#server/test/contract'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, importCsv } from '#server/test/upload-helpers'

/**
 * Issue 44, the plans' part: values sent as JSON numbers and booleans, ties in file order both
 * ways, medians and percentiles, exact case when asked, and one group's figure as the answer, run
 * through `POST /api/uploads/:id/chat/plan`. The test works every answer out itself from the rows
 * it generated.
 */

let t: TestApp
let alice: TestBrowser
let uploadId: string

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
