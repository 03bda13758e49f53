import { describe, expect, it } from 'vitest'
import { decideDateOrder, hasEuropeanSigns } from './date-order.ts'

const evidence = (counts: Partial<Parameters<typeof decideDateOrder>[0]>) => ({
  numeric: 10,
  dayFirst: 0,
  monthFirst: 0,
  dotted: 0,
  dayFirstExample: null,
  monthFirstExample: null,
  ...counts,
})
const plain = { isEuropean: false, localeOrder: undefined }

describe('decideDateOrder', () => {
  it('lets a date only one reading makes real settle the order', () => {
    expect(decideDateOrder(evidence({ dayFirst: 1 }), { ...plain, localeOrder: 'mdy' })).toEqual({ kind: 'order', order: 'dmy', basis: 'values' })
    expect(decideDateOrder(evidence({ monthFirst: 3 }), { isEuropean: true, localeOrder: 'dmy' })).toEqual({ kind: 'order', order: 'mdy', basis: 'values' })
  })

  it('calls a column with both kinds mixed, with an example of each', () => {
    expect(decideDateOrder(evidence({ dayFirst: 1, monthFirst: 1, dayFirstExample: '25/03/2024', monthFirstExample: '03/25/2024' }), plain)).toEqual({
      kind: 'mixed',
      dayFirstExample: '25/03/2024',
      monthFirstExample: '03/25/2024',
    })
  })

  it('falls back on dotted dates and European files, then the locale, then month first', () => {
    expect(decideDateOrder(evidence({ dotted: 2 }), plain)).toEqual({ kind: 'order', order: 'dmy', basis: 'file' })
    expect(decideDateOrder(evidence({}), { ...plain, isEuropean: true })).toEqual({ kind: 'order', order: 'dmy', basis: 'file' })
    expect(decideDateOrder(evidence({}), { ...plain, localeOrder: 'dmy' })).toEqual({ kind: 'order', order: 'dmy', basis: 'locale' })
    expect(decideDateOrder(evidence({}), plain)).toEqual({ kind: 'order', order: 'mdy', basis: 'locale' })
  })

  it('decides nothing for a column without day/month dates', () => {
    expect(decideDateOrder(evidence({ numeric: 0 }), plain)).toEqual({ kind: 'none' })
  })
})

describe('hasEuropeanSigns', () => {
  it('sees ; delimiters and decimal commas, not thousands separators', () => {
    expect(hasEuropeanSigns(';', [])).toBe(true)
    expect(hasEuropeanSigns(',', [{ c1: '12,5' }])).toBe(true)
    expect(hasEuropeanSigns(',', [{ c1: '1.234,56' }])).toBe(true)
    expect(hasEuropeanSigns(',', [{ c1: '1,234' }, { c1: '12.5' }])).toBe(false)
  })
})
