import { describe, expect, it } from 'vitest'
import { formatRelativeTime } from './relative-time'

const now = new Date('2026-03-10T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)
const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE

describe('formatRelativeTime', () => {
  it('says Just now under one hour', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('Just now')
    expect(formatRelativeTime(ago(59 * MINUTE), now)).toBe('Just now')
  })

  it('counts whole hours under a day', () => {
    expect(formatRelativeTime(ago(HOUR), now)).toBe('1h ago')
    expect(formatRelativeTime(ago(5 * HOUR + 59 * MINUTE), now)).toBe('5h ago')
    expect(formatRelativeTime(ago(24 * HOUR - 1), now)).toBe('23h ago')
  })

  it('says Yesterday from 24 hours up to 48 hours', () => {
    expect(formatRelativeTime(ago(24 * HOUR), now)).toBe('Yesterday')
    expect(formatRelativeTime(ago(48 * HOUR - 1), now)).toBe('Yesterday')
  })

  it('shows the date from 48 hours on', () => {
    expect(formatRelativeTime(ago(48 * HOUR), now)).toBe('Mar 8, 2026')
    expect(formatRelativeTime('2025-12-24T12:00:00Z', now)).toBe('Dec 24, 2025')
  })

  it('treats a time in the future as Just now and an invalid one as empty', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5 * MINUTE), now)).toBe('Just now')
    expect(formatRelativeTime('not a date', now)).toBe('')
  })
})
