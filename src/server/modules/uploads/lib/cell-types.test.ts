import { describe, expect, it } from 'vitest'
import { type CellType, classifyCell, isCleanCell } from './cell-types.ts'

describe('classifyCell', () => {
  it.each<[string, CellType]>([
    ['', 'empty'],
    ['  ', 'empty'],
    ['N/A', 'empty'],
    ['NA', 'empty'],
    ['42', 'number'],
    ['-2237', 'number'],
    ['08123', 'number'],
    ['1,5', 'number'],
    ['1.234,56', 'number'],
    ['12,000', 'number'],
    ['$74.69', 'number'],
    ['£ 1,80', 'number'],
    ['15%', 'number'],
    [' 100.00 ', 'number'],
    ['2022-02-14', 'date'],
    ['2004-01-01 00:00:00', 'date'],
    ['24/8/20', 'date'],
    ['28/01/2018', 'date'],
    ['01.04.2011', 'date'],
    ['24-08-2020', 'date'],
    ['Jan 5, 2020', 'date'],
    ['00:15', 'time'],
    ['ann@example.com', 'email'],
    ['https://www.example.com/product/MG_8769.html', 'url'],
    ['www.example.com', 'url'],
    ['+1-511-372-1544x8206', 'phone'],
    ['(992)466-1305x4947', 'phone'],
    ['01835-703597', 'phone'],
    ['Acme Inc.', 'text'],
    ['3,4,5', 'text'],
    ['MG-8769', 'text'],
    ['CT2 7PP', 'text'],
  ])('classifies %j as %s', (value, type) => {
    expect(classifyCell(value)).toBe(type)
  })
})

describe('isCleanCell', () => {
  it('accepts values and plain words, rejects fragments a wrong delimiter leaves', () => {
    expect(isCleanCell('Rasmussen Group')).toBe(true)
    expect(isCleanCell("Men's Boots")).toBe(true)
    expect(isCleanCell('£ 9000,50')).toBe(true)
    expect(isCleanCell('1;3')).toBe(false)
    expect(isCleanCell("'Acme';£ 1")).toBe(false)
    expect(isCleanCell('5;"15')).toBe(false)
  })
})
