import { describe, expect, it } from 'vitest'
import { nextTyping } from './typing'

describe('nextTyping', () => {
  it('types a character every 30 ms, pauses 1500 ms on a full question, then loops to the first', () => {
    expect(nextTyping({ index: 0, typed: 0 }, [3, 2])).toEqual({ state: { index: 0, typed: 1 }, delayMs: 30 })
    expect(nextTyping({ index: 0, typed: 3 }, [3, 2])).toEqual({ state: { index: 1, typed: 0 }, delayMs: 1500 })
    expect(nextTyping({ index: 1, typed: 2 }, [3, 2])).toEqual({ state: { index: 0, typed: 0 }, delayMs: 1500 })
  })
})
