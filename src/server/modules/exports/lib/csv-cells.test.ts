import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { crlfRecords, csvLine, escapeFormula } from './csv-cells.ts'

describe('escapeFormula', () => {
  it.each(['=SUM(A1:A2)', '+cmd|calc', '-2+3', '@SUM(1)', '\tx', '\rx', '+1 555 0100'])('prefixes %j with an apostrophe', (value) => {
    expect(escapeFormula(value)).toBe(`'${value}`)
  })

  it.each(['-5', '+3.25', '-1,200.50', 'Acme', '', 'a=b'])('leaves %j as it is', (value) => {
    expect(escapeFormula(value)).toBe(value)
  })
})

describe('csvLine', () => {
  it('quotes commas, quotes and newlines and ends with CRLF', () => {
    const line = csvLine(['a,b', 'say "hi"', 'two\nlines', 'plain'])
    expect(line).toBe('"a,b","say ""hi""","two\nlines",plain\r\n')
    expect(Papa.parse<string[]>(line.trim()).data[0]).toEqual(['a,b', 'say "hi"', 'two\nlines', 'plain'])
  })
})

describe('crlfRecords', () => {
  it('ends records with CRLF but keeps newlines inside quoted values, across chunk borders', () => {
    const csv = 'name,note\nAda,"line one\nline two"\nBob,"say ""x"""\n'
    const convert = crlfRecords()
    // Every split point, including inside a quoted value and between a doubled quote.
    for (let cut = 0; cut <= csv.length; cut += 1) {
      const again = crlfRecords()
      const out = Buffer.concat([again(Buffer.from(csv.slice(0, cut))), again(Buffer.from(csv.slice(cut)))]).toString()
      expect(out).toBe('name,note\r\nAda,"line one\nline two"\r\nBob,"say ""x"""\r\n')
    }
    expect(convert(Buffer.from('a,b')).toString()).toBe('a,b')
  })
})
