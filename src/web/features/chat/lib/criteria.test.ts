import { describe, expect, it } from 'vitest'
import type { ColumnCondition, Plan } from '#common/schemas/plans'
import { conditionOf, criterionChips, draftOf, withCriterion } from './criteria'

const plan: Plan = {
  where: {
    all: [
      { column: 'Country', op: 'equals', value: 'USA' },
      { any: [{ column: 'Employees', op: 'greater_than', value: '500' }, { column: 'Industry', op: 'in', values: ['SaaS', 'Fintech'] }] },
      { column: 'Founded', op: 'between', values: ['2015', '2020'] },
    ],
  },
  sort: { column: 'Employees', direction: 'desc' },
}

describe('criterion chips', () => {
  it('gives one chip per top-level condition; a nested group is a sentence that can only be removed', () => {
    const chips = criterionChips(plan)
    expect(chips.map((chip) => [chip.text, chip.isEditable])).toEqual([
      ['Country is "USA"', true],
      ['Employees is greater than "500" or Industry is one of "SaaS" or "Fintech"', false],
      ['Founded is between "2015" and "2020"', true],
    ])
    expect(criterionChips({ where: { column: 'Email', op: 'is_empty' } }).map((chip) => chip.text)).toEqual(['Email is empty'])
    expect(criterionChips(null)).toEqual([])
  })

  it('replaces or removes one condition and keeps the rest of the plan', () => {
    const edited = withCriterion(plan, 0, { column: 'Country', op: 'equals', value: 'Germany' })
    expect(edited.sort).toEqual(plan.sort)
    expect(criterionChips(edited).map((chip) => chip.text)[0]).toBe('Country is "Germany"')
    const removed = withCriterion(plan, 1, null)
    expect(criterionChips(removed).map((chip) => chip.text)).toEqual(['Country is "USA"', 'Founded is between "2015" and "2020"'])
  })

  it('leaves no where when the last condition goes, and keeps a single condition bare', () => {
    const single: Plan = { where: { column: 'Country', op: 'equals', value: 'USA' }, aggregate: { op: 'count' } }
    expect(withCriterion(single, 0, null)).toEqual({ aggregate: { op: 'count' } })
    expect(withCriterion(single, 0, { column: 'Country', op: 'not_equals', value: 'USA' }).where).toEqual({ column: 'Country', op: 'not_equals', value: 'USA' })
  })
})

describe('a chip’s draft', () => {
  it('round-trips every kind of column condition', () => {
    for (const condition of [
      { column: 'Country', op: 'contains', value: 'US' },
      { column: 'Industry', op: 'not_in', values: ['SaaS', 'Fintech'] },
      { column: 'Founded', op: 'between', values: ['2015', '2020'] },
      { column: 'Email', op: 'is_not_empty' },
      { column: 'Brand', op: 'equals', value: 'Hacendado', caseSensitive: true },
      { column: 'Brand', op: 'in', values: ['HACENDADO', 'Deliplus'], caseSensitive: true },
      { column: 'Salary', op: 'greater_than', figure: { op: 'avg', column: 'Salary' } },
    ] satisfies ColumnCondition[]) {
      expect(conditionOf(draftOf(condition))).toEqual({ condition })
    }
  })

  it('says what is missing instead of sending an incomplete condition', () => {
    expect(conditionOf({ column: 'Country', op: 'equals', value: '  ', high: '' })).toEqual({ error: 'Give a value to compare with.' })
    expect(conditionOf({ column: 'Founded', op: 'between', value: '2015', high: '' })).toEqual({ error: 'Give both ends of the range.' })
    expect(conditionOf({ column: 'Industry', op: 'in', value: ' , ', high: '' })).toEqual({ error: 'Give at least one value.' })
  })
})
