import { describe, expect, it } from 'vitest'
import type { Plan } from '#common/schemas/plans'
import { formulasOf, repeatedFormulas } from './formula-reuse.ts'

const ratio = 'NUMBER({Revenue}) / NUMBER({Employees})'

describe('a derived value needed again', () => {
  it('reads the formulas of conditions, sort, aggregate and measures', () => {
    const plan: Plan = {
      where: { all: [{ formula: ratio, op: 'greater_than', value: '10' }, { not: { formula: 'DOMAIN({Email})', op: 'is_empty' } }] },
      sort: { formula: 'LEN({Name})', direction: 'asc' },
      aggregate: { op: 'group_by', formula: 'YEAR({Founded})', measures: [{ op: 'avg', formula: ratio }, { op: 'count' }] },
    }
    expect(formulasOf(plan)).toEqual([ratio, 'DOMAIN({Email})', 'LEN({Name})', 'YEAR({Founded})', ratio])
  })

  it('offers a formula read twice in one plan, or again after the previous answer, once, as first written', () => {
    const twice: Plan = { where: { formula: ratio, op: 'at_least', value: '5' }, aggregate: { op: 'avg', formula: 'number({revenue})/NUMBER({Employees})' } }
    expect(repeatedFormulas(twice, null)).toEqual([ratio])
    const next: Plan = { sort: { formula: ratio, direction: 'desc' }, limit: 5 }
    expect(repeatedFormulas(next, { aggregate: { op: 'sum', formula: ratio } })).toEqual([ratio])
    expect(repeatedFormulas(next, { aggregate: { op: 'sum', column: 'Revenue' } })).toEqual([])
    expect(repeatedFormulas(null, null)).toEqual([])
  })

  it('does not offer a formula a formula column already holds, however it is spaced or cased', () => {
    const twice: Plan = { where: { formula: ratio, op: 'at_least', value: '5' }, aggregate: { op: 'avg', formula: ratio } }
    expect(repeatedFormulas(twice, null, ['number({Revenue})/number({Employees})'])).toEqual([])
    expect(repeatedFormulas(twice, null, ['DOMAIN({Email})'])).toEqual([ratio])
  })
})
