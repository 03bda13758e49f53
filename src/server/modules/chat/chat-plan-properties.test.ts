import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseNumber } from '#common/cell-values'
import { evaluateFormula } from '#common/formula/evaluate'
import { parseFormula, type FormulaColumn } from '#common/formula/parse'
import { percentileOf } from '#common/formula/percentile'
import { todayKey } from '#common/formula/values'
import { chatModelAnswerSchema } from '#common/schemas/chat'
import { planResultSchema, type Condition, type Plan, type PlanResult } from '#common/schemas/plans'
import type { UploadColumn } from '#common/schemas/uploads'
import { readJson } from '#server/test/contract'
import { createTestApp, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'

/**
 * Issue 44's "done when" for plans, as a property: plans drawn at random over every new piece
 * (medians and percentiles, a row against a figure of its column, exact case, ties in file order
 * both ways, one group's headline, expressions over measures with conditions of their own), each
 * one first read by the schema Magic Chat's model answers in, then run over generated rows with
 * ties, empty cells and values of mixed types, and its answer checked against the one worked out
 * here (figures by the test's arithmetic, expressions by the reference evaluator). A failure
 * names its seed and the plan.
 */

let t: TestApp
let alice: TestBrowser
let uploadId: string

/** A small seeded generator (mulberry32), so a failure is repeated by its seed. */
function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let x = state
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! }
}

const ROWS = 300
const BRANDS = ['Acme', 'acme', 'ACME', ' Bolt', 'bolt', 'Cogs', '', 'Déco', 'deco']
const data = generator(44)
/** Item; Brand (one name in several cases and accents, empty); Price (halves with ties, empty, 'n/a'); Stock (0-9 with many ties, empty); Active (yes/no). */
const header = ['Item', 'Brand', 'Price', 'Stock', 'Active']
const rows = Array.from({ length: ROWS }, (_, i) => {
  const roll = data.int(20)
  const price = roll === 0 ? '' : roll === 1 ? 'n/a' : String(data.int(30) * 5 + data.int(2) * 0.5)
  const stock = data.int(12) === 0 ? '' : String(data.int(10))
  return [`Item ${i}`, data.pick(BRANDS), price, stock, data.int(3) === 0 ? 'no' : 'yes']
})
const every = rows.map((_, i) => i)
const cell = (i: number, name: string) => rows[i]![header.indexOf(name)]!
const fold = (text: string) => text.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
const numberOf = (i: number, name: string) => (cell(i, name).trim() === '' ? null : parseNumber(cell(i, name).trim()))

// ---- The reference ---------------------------------------------------------------------------------

type FigureAsked = { op: string; column?: string; fraction?: number; where?: Condition; name?: string }
const average = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length

/** A measure's figure over the rows (`count`, or a number column's), as the plan computes it. */
function figureOf(measure: FigureAsked, indexes: readonly number[]): { value: number | null; skipped: number } {
  const kept = measure.where ? indexes.filter((i) => holds(measure.where!, i)) : indexes
  if (measure.op === 'count') return { value: kept.length, skipped: 0 }
  const values = kept.map((i) => numberOf(i, measure.column!)).filter((v): v is number => v !== null)
  const skipped = kept.filter((i) => cell(i, measure.column!).trim() !== '' && numberOf(i, measure.column!) === null).length
  const empty = values.length === 0
  const value = {
    sum: () => (empty ? null : values.reduce((a, b) => a + b, 0)),
    avg: () => (empty ? null : average(values)),
    min: () => (empty ? null : Math.min(...values)),
    max: () => (empty ? null : Math.max(...values)),
    median: () => percentileOf(values, 0.5),
    percentile: () => percentileOf(values, measure.fraction!),
  }[measure.op]!()
  return { value, skipped }
}

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  equals: (a, b) => a === b,
  not_equals: (a, b) => a !== b,
  greater_than: (a, b) => a > b,
  less_than: (a, b) => a < b,
  at_least: (a, b) => a >= b,
  at_most: (a, b) => a <= b,
}

/** Whether row `i` matches a condition, as the plan's SQL decides it (the conditions this test draws). */
function holds(condition: Condition, i: number): boolean {
  if ('all' in condition) return condition.all.every((c) => holds(c, i))
  if ('any' in condition) return condition.any.some((c) => holds(c, i))
  if ('not' in condition) return !holds(condition.not, i)
  const column = (condition as { column: string }).column
  const text = cell(i, column)
  if ('figure' in condition) {
    const figure = figureOf(condition.figure as FigureAsked, every).value
    const value = numberOf(i, column)
    return figure !== null && value !== null && COMPARE[condition.op]!(value, figure)
  }
  const exact = 'caseSensitive' in condition && condition.caseSensitive === true
  const same = (value: string) => (exact ? text.trim() === value.trim() : fold(text) === fold(value))
  switch (condition.op) {
    case 'equals':
      return same(condition.value!)
    case 'not_equals':
      return !same(condition.value!)
    case 'contains':
      return exact ? text.trim().includes(condition.value!.trim()) : fold(text).includes(fold(condition.value!))
    case 'in':
      return condition.values.some(same)
    case 'is_empty':
      return text.trim() === ''
    default: {
      const value = numberOf(i, column)
      return value !== null && COMPARE[condition.op]!(value, Number((condition as { value: string }).value))
    }
  }
}

/** The expression over figures, by the reference evaluator. */
function evaluateOver(expression: string, measures: readonly FigureAsked[], figures: ReadonlyArray<number | null>): number | null {
  const named: FormulaColumn[] = measures.flatMap((m, i) => (m.name ? [{ key: `m${i}`, name: m.name, type: 'number' as const }] : []))
  const parsed = parseFormula(expression, named, { measures: true })
  if (!parsed.ok) throw new Error(parsed.error.message)
  const value = evaluateFormula(parsed.ast, { cells: Object.fromEntries(figures.map((f, i) => [`m${i}`, f === null ? null : String(f)])) , rowNumber: 1 }, { today: todayKey() })
  return typeof value === 'number' ? value : null
}

/** Groups of a column as a plan folds them, each with its rows. */
function groupsBy(column: string, indexes: readonly number[]) {
  const groups = new Map<string, number[]>()
  for (const i of indexes) groups.set(fold(cell(i, column)), [...(groups.get(fold(cell(i, column))) ?? []), i])
  return [...groups.entries()].map(([key, members]) => ({ key, members }))
}

/** Ordered by `value`, empty last, ties by the group's folded name. */
const byValue = <T extends { key: string; value: number | null }>(groups: T[], direction: 'asc' | 'desc') =>
  [...groups].sort((a, b) => {
    if (a.value === null || b.value === null) return a.value === null && b.value === null ? (a.key < b.key ? -1 : 1) : a.value === null ? 1 : -1
    return (direction === 'desc' ? b.value - a.value : a.value - b.value) || (a.key < b.key ? -1 : 1)
  })

// ---- Drawing plans ---------------------------------------------------------------------------------

type Draw = ReturnType<typeof generator>
const FIGURE_OPS = ['avg', 'max', 'min', 'median', 'percentile'] as const
const figureDrawn = (g: Draw, column: string): FigureAsked => {
  const op = g.pick(FIGURE_OPS)
  return op === 'percentile' ? { op, fraction: g.pick([0, 0.1, 0.25, 0.75, 0.9, 1]), column } : { op, column }
}

/** A condition drawn over the pieces: exact or folded text, a number compared, a row against a figure of its column. */
function conditionDrawn(g: Draw): Condition {
  const exact = g.int(2) === 0 ? { caseSensitive: true } : {}
  switch (g.int(6)) {
    case 0:
      return { column: 'Brand', op: 'equals', value: g.pick(['acme', 'Acme', 'ACME', 'bolt', 'Deco', 'déco']), ...exact }
    case 1:
      return { column: 'Brand', op: 'in', values: [g.pick(['Acme', 'bolt']), g.pick(['Cogs', 'Déco', 'ACME'])], ...exact }
    case 2:
      return { column: 'Brand', op: 'contains', value: g.pick(['cm', 'CM', 'ol', 'éc']), ...exact }
    case 3:
      return { column: g.pick(['Price', 'Stock']), op: g.pick(['greater_than', 'at_most', 'equals']), value: String(g.pick([3, 5, 40, 72.5])) } as Condition
    case 4: {
      const column = g.pick(['Price', 'Stock'])
      return { column, op: g.pick(['greater_than', 'at_least', 'less_than', 'equals']), figure: figureDrawn(g, column) } as Condition
    }
    default:
      return { not: { column: 'Brand', op: 'equals', value: 'acme', ...exact } }
  }
}

const whereDrawn = (g: Draw): Condition | undefined => {
  const count = g.int(3)
  if (count === 0) return undefined
  return { all: Array.from({ length: count }, () => conditionDrawn(g)) }
}

/** Each piece, one plan a draw: the plan and a check of its answer against the reference. */
const PIECES: Record<string, (g: Draw) => { plan: Plan; check: (result: PlanResult, matched: number[]) => void }> = {
  'median and percentile': (g) => {
    const figure = figureDrawn(g, g.pick(['Price', 'Stock']))
    return {
      plan: { aggregate: figure as Plan['aggregate'] },
      check: (result, matched) => expect(result.aggregate).toMatchObject({ op: figure.op, column: figure.column, ...figureOf(figure, matched) }),
    }
  },
  'ties in file order both ways': (g) => {
    const direction = g.pick(['asc', 'desc'] as const)
    const limit = g.pick([3, 10, 50])
    return {
      plan: { sort: { column: 'Stock', direction }, limit },
      check: (result, matched) => {
        const sign = direction === 'desc' ? -1 : 1
        const order = [...matched].sort((a, b) => {
          const x = numberOf(a, 'Stock')
          const y = numberOf(b, 'Stock')
          if (x === null || y === null) return x === null && y === null ? a - b : x === null ? 1 : -1
          return sign * (x - y) || a - b
        })
        expect(result.rowIndexes).toEqual(order)
        expect(result.rows.map((row) => row.rowIndex)).toEqual(order.slice(0, limit))
      },
    }
  },
  "one group's headline": (g) => {
    const direction = g.pick(['asc', 'desc'] as const)
    const measure = g.pick([{ op: 'count' }, { op: 'median', column: 'Price' }, { op: 'avg', column: 'Stock' }, { op: 'max', column: 'Price' }] as FigureAsked[])
    return {
      plan: { aggregate: { op: 'group_by', column: 'Brand', measures: [measure] as never, limit: 1, direction } },
      check: (result, matched) => {
        const groups = byValue(groupsBy('Brand', matched).map((group) => ({ ...group, value: figureOf(measure, group.members).value })), direction)
        if (groups.length === 0) return expect(result.aggregate).toMatchObject({ groups: [] })
        expect(result.aggregate).toMatchObject({ value: groups[0]!.value, otherGroups: groups.length - 1 })
        expect(fold((result.aggregate as { group: string }).group)).toBe(groups[0]!.key)
      },
    }
  },
  'expressions over measures': (g) => {
    const first = { ...figureDrawn(g, g.pick(['Price', 'Stock'])), name: 'A' }
    const second: FigureAsked = g.int(2) === 0 ? { op: 'count', name: 'B', where: conditionDrawn(g) } : { ...figureDrawn(g, g.pick(['Price', 'Stock'])), name: 'B', where: conditionDrawn(g) }
    const expression = g.pick(['{A} - {B}', '{A} / {B}', 'ROUND({A} * 100 / {B}, 2)', '{B} - {A} * 2', 'MAX({A}, {B})'])
    const measures = [first, second]
    return {
      plan: { aggregate: { op: 'expression', expression, measures: measures as never } },
      check: (result, matched) => {
        const figures = measures.map((m) => figureOf(m, matched))
        expect(result.aggregate).toMatchObject({ op: 'expression', value: evaluateOver(expression, measures, figures.map((f) => f.value)) })
        expect((result.aggregate as { measures: unknown[] }).measures).toEqual(measures.map((m, i) => expect.objectContaining({ name: m.name, ...figures[i] })))
      },
    }
  },
  'expressions per group': (g) => {
    const direction = g.pick(['asc', 'desc'] as const)
    const measures: FigureAsked[] = [{ op: 'count', name: 'Hits', where: conditionDrawn(g) }, { op: 'count', name: 'Rows' }, { ...figureDrawn(g, 'Price'), name: 'P' }]
    const expression = g.pick(['{Hits} / {Rows}', '{P} - {Hits}', '{Hits} * 10 + {P}'])
    return {
      plan: { aggregate: { op: 'group_by', column: 'Brand', measures: measures as never, expression, direction } },
      check: (result, matched) => {
        const groups = groupsBy('Brand', matched).map((group) => {
          const figures = measures.map((m) => figureOf(m, group.members))
          return { ...group, figures, value: evaluateOver(expression, measures, figures.map((f) => f.value)) }
        })
        const ordered = byValue(groups, direction)
        const answer = result.aggregate as { groups: Array<{ value: string; count: number; measures: unknown[]; expression: number | null }> }
        expect(answer.groups.map((group) => fold(group.value))).toEqual(ordered.map((group) => group.key))
        expect(answer.groups.map((group) => [group.count, group.expression, group.measures])).toEqual(ordered.map((group) => [group.members.length, group.value, group.figures]))
      },
    }
  },
}

// ---- Running them ----------------------------------------------------------------------------------

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  uploadId = await importCsv(alice, 'stock.csv', csvOf(header, rows))
}, 120_000)
afterAll(async () => {
  await t?.close()
})

async function run(plan: Plan): Promise<PlanResult> {
  const res = await alice.request(`/api/uploads/${uploadId}/chat/plan`, { method: 'POST', json: { plan } })
  expect(res.status, await res.clone().text()).toBe(200)
  return readJson(res, planResultSchema)
}

describe('every plan piece against the reference, on generated rows', () => {
  it('reads Stock as numbers (a sort by it is by number)', async () => {
    const columns = (await getUploadDetail(alice, uploadId)).columns as UploadColumn[]
    expect(columns.find((column) => column.name === 'Stock')?.type).toBe('number')
  })

  for (const [piece, draw] of Object.entries(PIECES)) {
    it(`${piece}: random plans, each valid for the model and answered exactly`, async () => {
      for (let seed = 1; seed <= 12; seed += 1) {
        const g = generator(seed * 7919 + piece.length)
        const where = whereDrawn(g)
        const { plan: drawn, check } = draw(g)
        const plan = { ...(where ? { where } : {}), ...drawn, limit: drawn.limit ?? 1000 }
        const context = `seed ${seed}: ${JSON.stringify(plan)}`
        // The plan as Magic Chat's model would send it: valid for the schema it answers in.
        const answered = chatModelAnswerSchema.safeParse({ kind: 'plan', plan, reasoning: 'Drawn', confidence: 1 })
        expect(answered.success, `${context}: ${answered.error?.message}`).toBe(true)
        const result = await run(answered.data!.plan!)
        const matched = every.filter((i) => (where ? holds(where, i) : true))
        expect(result.count, context).toBe(matched.length)
        try {
          check(result, matched)
        } catch (error) {
          throw new Error(`${context}\n${(error as Error).message}`)
        }
      }
    }, 120_000)
  }
})
