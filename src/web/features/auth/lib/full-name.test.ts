import { describe, expect, it } from 'vitest'
import { buildFullName } from './full-name'

describe('buildFullName', () => {
  it('joins first and last name with one space', () => {
    expect(buildFullName({ firstName: ' Ada ', lastName: 'Lovelace', email: 'a@b.co' })).toBe(
      'Ada Lovelace',
    )
  })

  it('keeps a single given name without a trailing space', () => {
    expect(buildFullName({ firstName: 'Ada', lastName: '  ', email: 'a@b.co' })).toBe('Ada')
  })

  it('falls back to the e-mail when no name is given', () => {
    expect(buildFullName({ firstName: '', lastName: '', email: 'a@b.co' })).toBe('a@b.co')
  })
})
