import { describe, expect, it } from 'vitest'
import { completenessLevel, truncateCell } from './upload-detail-format'

describe('completenessLevel', () => {
  it('is High from 80, Medium from 60, else Low', () => {
    expect(completenessLevel(100)).toBe('High')
    expect(completenessLevel(80)).toBe('High')
    expect(completenessLevel(79.9)).toBe('Medium')
    expect(completenessLevel(60)).toBe('Medium')
    expect(completenessLevel(59)).toBe('Low')
  })
})

describe('truncateCell', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(truncateCell('Acme', 40)).toBe('Acme')
    expect(truncateCell('a'.repeat(40), 40)).toBe('a'.repeat(40))
    expect(truncateCell('a'.repeat(41), 40)).toBe(`${'a'.repeat(40)}…`)
  })
})
