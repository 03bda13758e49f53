import { describe, expect, it } from 'vitest'
import { getDisplayName, getGreetingName, getInitials } from './user-display'

describe('getGreetingName', () => {
  it('greets by the first word of the full name', () => {
    expect(getGreetingName({ name: 'Ada King Lovelace', email: 'ada@example.com' })).toBe('Ada')
  })

  it('uses the part of the e-mail before the @ when there is no name', () => {
    expect(getGreetingName({ name: '', email: 'grace@example.com' })).toBe('grace')
    expect(getGreetingName({ name: 'grace@example.com', email: 'grace@example.com' })).toBe('grace')
  })

  it("says 'there' when nothing is known", () => {
    expect(getGreetingName(null)).toBe('there')
    expect(getGreetingName({ name: '', email: '' })).toBe('there')
  })
})

describe('getInitials', () => {
  it('prefers first and last name', () => {
    expect(getInitials({ firstName: 'ada', lastName: 'lovelace', name: 'X Y', email: 'a@b.co' })).toBe('AL')
  })

  it('falls back to the full name, then the e-mail', () => {
    expect(getInitials({ name: 'Grace Brewster Hopper', email: 'g@b.co' })).toBe('GB')
    expect(getInitials({ name: 'g@b.co', email: 'g@b.co' })).toBe('G')
  })
})

describe('getDisplayName', () => {
  it('shows the name, else the joined parts, else the e-mail', () => {
    expect(getDisplayName({ name: 'Ada Lovelace', email: 'a@b.co' })).toBe('Ada Lovelace')
    expect(getDisplayName({ name: ' ', firstName: 'Ada', lastName: null, email: 'a@b.co' })).toBe('Ada')
    expect(getDisplayName({ name: null, email: 'a@b.co' })).toBe('a@b.co')
  })
})
