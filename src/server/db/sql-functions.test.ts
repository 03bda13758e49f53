import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDateKey, parseNumber } from '#common/cell-values'
import { createTestApp, type TestApp } from '#server/test/test-app'
import { queryRows } from './query-rows.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

/** Values the grid meets: well-formed, odd, and broken. */
const samples = [
  '42', ' -3.5 ', '1,234,567.5', '$1,200', '€7', '12%', '.5', '1e6', '+4', '-0', '007', '', 'abc', '1,23', '1.2.3', '$', '-',
  'e5', '12 34', '1e999', '1e-5', '3.', '2024-03-05', '2024/3/5', '2024-03-05T10:20:00Z', '2024-03-05 08:00', '05.03.2024',
  '03/05/2024', '25/12/2024', '12-25-2024', '13-12-2024', '2024-13-01', '2024-01-32', '13.13.2024', '31.12.1999', 'March 5',
  '5/3/24', '04.07.29', '4-7-30', '12/25/2024', '00/01/2024', '2024-00-10', '=SUM(A1)', '+1 555 0100', '@x', '\tx', 'a\nb', 'Ébène', '١٢٣',
]

async function sqlValues(expression: (value: string) => string) {
  const rows = await queryRows<{ out: string | number | null }>(
    sql.raw(`SELECT ${expression('s.v')} AS out FROM unnest(ARRAY[${samples.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]::text[]) WITH ORDINALITY AS s(v, n) ORDER BY s.n`),
  )
  return rows.map((row) => row.out)
}

describe('SQL cell readings match the shared TypeScript ones', () => {
  it('rowcraft_num reads numbers as parseNumber does', async () => {
    const fromSql = await sqlValues((v) => `rowcraft_num(${v})`)
    // -0 and 0 are one number to a sort.
    const plain = (value: number | null) => (value === null ? null : value + 0)
    expect(fromSql.map((value) => (value === null ? null : plain(Number(value))))).toEqual(samples.map((s) => plain(parseNumber(s))))
  })

  it.each([
    ['dmy', 'true'],
    ['mdy', 'false'],
    [null, 'NULL'],
  ] as const)('rowcraft_date_key reads dates in the order %s as parseDateKey does', async (order, dayFirst) => {
    const fromSql = await sqlValues((v) => `rowcraft_date_key(${v}, ${dayFirst})`)
    expect(fromSql.map((value) => (value === null ? null : Number(value)))).toEqual(samples.map((s) => parseDateKey(s, order)))
  })
})
