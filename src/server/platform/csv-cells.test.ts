import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { csvLine, escapeFormula, formulaSafeCsvRecords } from './csv-cells.ts'

describe('escapeFormula', () => {
  it.each(['=SUM(A1:A2)', '+cmd|calc', '-2+3+cmd|\' /C calc\'!A0', '@SUM(1)', '\tx', '\rx', '+HYPERLINK("x")', '-A1', '+1 555 0100 ext', '- item', '+Zoë'])(
    'prefixes %j with an apostrophe',
    (value) => expect(escapeFormula(value)).toBe(`'${value}`),
  )

  it.each(['-5', '+3.25', '-.5', '-', '-1,200', '+1 555 0100', '+1-555-0100', '+44 (20) 7946-0958', '+1.555.010.0100', '+49/30/1234', 'Acme', '', 'a=b'])(
    'leaves the number or phone number %j as it is',
    (value) => expect(escapeFormula(value)).toBe(value),
  )
})

describe('csvLine', () => {
  it('quotes commas, quotes and newlines and ends with CRLF', () => {
    const line = csvLine(['a,b', 'say "hi"', 'two\nlines', 'plain'])
    expect(line).toBe('"a,b","say ""hi""","two\nlines",plain\r\n')
    expect(Papa.parse<string[]>(line.trim()).data[0]).toEqual(['a,b', 'say "hi"', 'two\nlines', 'plain'])
  })
})

/** PostgreSQL's CSV: LF record ends, quotes only where needed, NULL as nothing. */
const pgCsv = (rows: string[][]) =>
  rows.map((row) => row.map((value) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)).join(',')).join('\n') + '\n'

describe('formulaSafeCsvRecords', () => {
  const rows = [
    ['=1+1', 'plain', '-5', '+1-555-0100', ''],
    ['"=quoted", with comma', '@home', '+3.25', '-x', '\tlead'],
    ['-1,200', '+44 (20) 7946-0958', '"+1"', '+1,a', '-"2"'],
    ['line one\nline two', 'say ""hi""', '=HYPERLINK("http://evil")', '-', '\rcarriage'],
    ['', '', '', '', 'last'],
  ]

  it('writes exactly what csvLine writes, however the stream is cut', () => {
    const source = Buffer.from(pgCsv(rows))
    const expected = rows.map(csvLine).join('')
    for (let cut = 0; cut <= source.length; cut += 1) {
      for (const second of [cut, Math.min(source.length, cut + 7)]) {
        const safe = formulaSafeCsvRecords()
        const out = Buffer.concat([
          safe.push(source.subarray(0, cut)),
          safe.push(source.subarray(cut, second)),
          safe.push(source.subarray(second)),
          safe.end(),
        ])
        expect(out.toString(), `cut at ${cut}/${second}`).toBe(expected)
      }
    }
  })

  it('keeps multi-byte characters whole across chunks', () => {
    const source = Buffer.from(pgCsv([['Zoë', '+Łukasz'], ['São Paulo', 'ok']]))
    const safe = formulaSafeCsvRecords()
    const out = Buffer.concat([...source].map((byte) => safe.push(Buffer.from([byte]))).concat(safe.end()))
    expect(out.toString()).toBe("Zoë,'+Łukasz\r\nSão Paulo,ok\r\n")
  })
})
