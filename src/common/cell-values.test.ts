import { describe, expect, it } from 'vitest'
import { parseBoolean, parseDateKey, parseNumber } from './cell-values.ts'

describe('parseNumber', () => {
  it.each([
    ['42', 42],
    [' -3.5 ', -3.5],
    ['1,234,567.5', 1234567.5],
    ['$1,200', 1200],
    ['12%', 12],
    ['.5', 0.5],
    ['1e6', 1e6],
  ])('reads %j as %d', (text, number) => expect(parseNumber(text)).toBe(number))

  it.each(['', 'abc', '1,23', '1.2.3', '$', '-', 'e5', '12 34', '1e999'])('refuses %j', (text) => expect(parseNumber(text)).toBeNull())
})

describe('parseDateKey', () => {
  it.each([
    ['2024-03-05', 20240305],
    ['2024/3/5', 20240305],
    ['2024-03-05T10:20:00Z', 20240305],
    ['05.03.2024', 20240305],
    ['03/05/2024', 20240305],
    ['25/12/2024', 20241225],
    ['12-25-2024', 20241225],
  ])('reads %j as %d', (text, key) => expect(parseDateKey(text)).toBe(key))

  it.each(['2024-13-01', '2024-01-32', '13.13.2024', 'March 5', '5/3/24', ''])('refuses %j', (text) => expect(parseDateKey(text)).toBeNull())
})

describe('parseBoolean', () => {
  it('reads true/false and yes/no in any case', () => {
    expect(['true', 'YES', 'False', 'no', 'maybe'].map(parseBoolean)).toEqual([true, true, false, false, null])
  })
})
