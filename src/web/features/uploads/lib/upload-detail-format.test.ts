import { describe, expect, it } from 'vitest'
import { completenessLevel } from './upload-detail-format'

describe('completenessLevel', () => {
  it('is High from 80, Medium from 60, else Low', () => {
    expect(completenessLevel(100)).toBe('High')
    expect(completenessLevel(80)).toBe('High')
    expect(completenessLevel(79.9)).toBe('Medium')
    expect(completenessLevel(60)).toBe('Medium')
    expect(completenessLevel(59)).toBe('Low')
  })
})
