import { describe, expect, it } from 'vitest'
import { isAmbiguousDate, parseBoolean, parseDateKey, parseNumber } from './cell-values.ts'

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

  it.each(['2024-13-01', '2024-01-32', '13.13.2024', 'March 5', '5/3/2', '5/3/024', ''])('refuses %j', (text) => expect(parseDateKey(text)).toBeNull())

  it('reads day/month dates in the column order, whatever the separator', () => {
    expect(['04/07/2024', '4-7-2024', '04.07.2024', '04.07.24'].map((text) => parseDateKey(text, 'dmy'))).toEqual([20240704, 20240704, 20240704, 20240704])
    expect(['04/07/2024', '4-7-2024', '04.07.2024', '04.07.24'].map((text) => parseDateKey(text, 'mdy'))).toEqual([20240407, 20240407, 20240407, 20240407])
  })

  it('reads a part over 12 as the day in either order', () => {
    expect(parseDateKey('25/12/2024', 'mdy')).toBe(20241225)
    expect(parseDateKey('12/25/2024', 'dmy')).toBe(20241225)
  })

  it('puts two-digit years below 30 in the 2000s and the others in the 1900s', () => {
    expect(parseDateKey('5/3/24', 'dmy')).toBe(20240305)
    expect(parseDateKey('5/3/29', 'dmy')).toBe(20290305)
    expect(parseDateKey('5/3/30', 'dmy')).toBe(19300305)
  })
})

describe('isAmbiguousDate', () => {
  it('is true only for day/month dates whose parts could swap', () => {
    expect(['04/07/2024', '4.7.24', '07/07/2024', '25/07/2024', '2024-07-04', 'x'].map(isAmbiguousDate)).toEqual([true, true, false, false, false, false])
  })
})

describe('parseBoolean', () => {
  it('reads true/false and yes/no in any case', () => {
    expect(['true', 'YES', 'False', 'no', 'maybe'].map(parseBoolean)).toEqual([true, true, false, false, null])
  })
})
