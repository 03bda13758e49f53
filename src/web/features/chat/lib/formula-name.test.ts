import { describe, expect, it } from 'vitest'
import { suggestedColumnName } from './formula-name'

describe('a saved formula’s first name', () => {
  it('says what a formula of two columns computes, or the formula without braces', () => {
    expect(suggestedColumnName('NUMBER({Revenue}) / NUMBER({Employees})')).toBe('Revenue / Employees')
    expect(suggestedColumnName('{First name} & {Last name}')).toBe('First name & Last name')
    expect(suggestedColumnName('DOMAIN({Email})')).toBe('DOMAIN(Email)')
    expect(suggestedColumnName(`LOWER(${'{Company}'.repeat(30)})`)).toHaveLength(80)
  })
})
