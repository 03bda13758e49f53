import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluateFormulaText } from '#common/formula/evaluate'
import { parseFormula } from '#common/formula/parse'
import { fold, todayKey } from '#common/formula/values'
import type { Condition, PlanResult } from '#common/schemas/plans'
import { queryRows } from '#server/db/query-rows'
import { createTestApp, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { readFormulaValues, storedColumnsOf } from './row-reader.ts'

/**
 * Issue 41: text rules (LOWER, UPPER, and the folding every comparison of formulas and plans uses)
 * give the same answer whatever the database's locale. A database made with the C locale knows
 * the case of ASCII letters only; over names in French, German, Turkish, Greek and Russian, its
 * formulas and plans must still answer what the reference evaluator answers.
 * PostgreSQL only (a PGlite database has one locale): `npm run test:scale` (DATABASE_URL).
 */

const NAMES = [
  'Élodie',
  'élodie',
  'ÉLODIE',
  'Straße',
  'STRASSE',
  'İstanbul',
  'istanbul',
  'ISTANBUL',
  'ΑΘΗΝΑ',
  'αθηνα',
  'Αθήνα',
  'ΣΟΦΊΑ',
  'σοφία',
  'ЖУК',
  'жук',
  'Zoë',
  'ZOË',
  'ǅemal',
  'ᾳδω',
]

let t: TestApp
let alice: TestBrowser
let id: string

beforeAll(async () => {
  if (!process.env.DATABASE_URL) throw new Error('This test needs DATABASE_URL: it makes a PostgreSQL database with the C locale.')
  t = await createTestApp({}, { withWorkers: true, databaseLocale: 'C' })
  alice = (await t.signUpVerified()).browser
  await t.startTrial(alice)
  id = await importCsv(alice, 'names.csv', csvOf(['Name', 'Employees'], NAMES.map((name, i) => [name, String((i + 1) * 10)])))
}, 180_000)
afterAll(async () => {
  await t?.close()
})

const FORMULAS = [
  'LOWER({Name})',
  'UPPER({Name})',
  '{Name} = "élodie"',
  '{Name} = "αθηνα"',
  '{Name} = "İSTANBUL"',
  '{Name} < "m"',
  'CONTAINS({Name}, "ΘΗ")',
  'STARTS_WITH({Name}, "жу")',
  'ENDS_WITH({Name}, "ΦΊΑ")',
  'SWITCH(LOWER({Name}), "straße", "street", "ǆemal", "name", "other")',
  'IF(UPPER({Name}) = "ΑΘΗΝΑ", "Athens", "")',
]

describe('on a database with the C locale', () => {
  it('has the C locale', async () => {
    const [row] = await queryRows<{ ctype: string }>(sql`SELECT datctype AS ctype FROM pg_database WHERE datname = current_database()`)
    expect(row?.ctype).toBe('C')
  })

  it.each(FORMULAS)('computes %s as the reference evaluator does', async (formula) => {
    const columns = await storedColumnsOf(id)
    const parsed = parseFormula(formula, columns)
    if (!parsed.ok) throw new Error(parsed.error.message)
    const fromSql = await readFormulaValues({ uploadId: id, ast: parsed.ast, columns })
    const expected = NAMES.map((name, i) => evaluateFormulaText(parsed.ast, { cells: { [columns[0]!.key]: name, [columns[1]!.key]: String((i + 1) * 10) }, rowNumber: i + 1 }, { dateOrders: new Map(), today: todayKey() }))
    expect(fromSql.map((row) => row.value)).toEqual(expected)
  })

  const plan = async (body: Record<string, unknown>) => {
    const res = await alice.request(`/api/uploads/${id}/chat/plan`, { method: 'POST', json: { plan: body } })
    expect(res.status, await res.clone().text()).toBe(200)
    return (await res.json()) as PlanResult
  }
  const indexesWhere = (test: (folded: string) => boolean) => NAMES.flatMap((name, i) => (test(fold(name)) ? [i] : []))

  const CONDITIONS: Array<[Condition, (folded: string) => boolean]> = [
    [{ column: 'Name', op: 'equals', value: 'αθηνα' }, (v) => v === fold('αθηνα')],
    [{ column: 'Name', op: 'equals', value: 'ÉLODIE' }, (v) => v === fold('ÉLODIE')],
    [{ column: 'Name', op: 'not_equals', value: 'ЖУК' }, (v) => v !== fold('ЖУК')],
    [{ column: 'Name', op: 'in', values: ['İstanbul', 'STRASSE'] }, (v) => v === fold('İstanbul') || v === fold('STRASSE')],
    [{ column: 'Name', op: 'contains', value: 'ΘΗ' }, (v) => v.includes(fold('ΘΗ'))],
    [{ column: 'Name', op: 'starts_with', value: 'Жу' }, (v) => v.startsWith(fold('Жу'))],
    [{ column: 'Name', op: 'ends_with', value: 'ΦΊΑ' }, (v) => v.endsWith(fold('ΦΊΑ'))],
    [{ formula: 'LOWER({Name})', op: 'equals', value: 'ǆemal' }, (v) => v === fold('ǆemal')],
  ]

  it.each(CONDITIONS.map(([condition, test]) => [JSON.stringify(condition), condition, test] as const))('plans %s as the reference evaluator folds', async (_, condition, test) => {
    const answer = await plan({ where: condition })
    const expected = indexesWhere(test)
    expect(expected.length).toBeGreaterThan(0)
    expect(answer.rowIndexes).toEqual(expected)
  })

  it('groups names that differ only in case into one group, in every script', async () => {
    const answer = await plan({ aggregate: { op: 'count_by', column: 'Name', limit: 100 } })
    const groups = (answer.aggregate as { groups: Array<{ value: string; count: number }> }).groups
    const expected = new Map<string, number>()
    for (const name of NAMES) expected.set(fold(name), (expected.get(fold(name)) ?? 0) + 1)
    expect(new Map(groups.map((group) => [fold(group.value), group.count]))).toEqual(expected)
    expect(groups).toHaveLength(expected.size)
  })
})
