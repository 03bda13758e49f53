import { afterAll, describe, expect, it } from 'vitest'
import { CopyRowEncoder, decodeRows, encodeRows } from '#server/modules/row-storage/copy-binary'
import { createFastReader, FAST_MAX_RECORD_BYTES, type FastDialect } from './fast-records.ts'
import { sniffFile } from './read-csv.ts'
import { createTempDir, readBothWays } from './test-files.ts'

const temp = createTempDir()
afterAll(() => temp.cleanup())

const comma: FastDialect = { delimiter: ',', quoteChar: '"', escapeChar: '"', newline: '\n', commentChar: null }

function scan(text: string, options: { dialect?: Partial<FastDialect>; width?: number; isFinal?: boolean; header?: string | null; search?: boolean } = {}) {
  const reader = createFastReader(
    { ...comma, ...options.dialect },
    { width: options.width ?? 3, headerFirstCell: options.header ?? null, withSearchText: options.search ?? false },
  )
  if (!reader) throw new Error('no fast reader for this dialect')
  const out = new CopyRowEncoder(options.search ?? false, { trackLines: true })
  const input = Buffer.from(text)
  const result = reader.scan(input, 0, { isFinal: options.isFinal ?? true, maxRows: 1000, firstIndex: 0, firstLine: 1, out })
  const taken = out.take()
  return { ...result, rest: input.subarray(result.end).toString(), taken, rows: decodeRows(taken.bytes, options.width ?? 3) }
}

describe('the fast lane', () => {
  it('writes the bytes the general encoder writes, quotes and escapes included', () => {
    const text = 'Ann,"Smith, Jr.",ann@x.io\nRenée,"say ""hi""\ton\r\ntwo lines",\n東京,back\\slash,"😀"\n'
    const result = scan(text, { search: true })
    expect(result.stop).toBe('done')
    const cells = [
      ['Ann', 'Smith, Jr.', 'ann@x.io'],
      ['Renée', 'say "hi"\ton\r\ntwo lines', ''],
      ['東京', 'back\\slash', '😀'],
    ]
    const expected = encodeRows(cells.map((row, index) => ({ index, cells: row })), true)
    expect(Buffer.from(result.taken.bytes).equals(Buffer.from(expected.bytes))).toBe(true)
    expect(result.taken.lines).toEqual([1, 2, 4])
    expect(result.nextLine).toBe(5)
    expect(result.nonEmptyCells).toBe(8)
  })

  it('drops the CR of CRLF lines in a file sniffed as LF, as the general reader does', () => {
    expect(scan('a,b,c\r\nd,e,f\r\n').rows.map((row) => row.cells)).toEqual([['a', 'b', 'c'], ['d', 'e', 'f']])
    expect(scan('a,b,c\r\nd,e,f', { dialect: { newline: '\r\n' } }).rows.map((row) => row.cells)).toEqual([['a', 'b', 'c'], ['d', 'e', 'f']])
    expect(scan('a;b;c\rd;e;f\r', { dialect: { delimiter: ';', newline: '\r' } }).rows.map((row) => row.cells)).toEqual([['a', 'b', 'c'], ['d', 'e', 'f']])
  })

  it.each([
    ['a ragged row', 'a,b,c\nd,e\n'],
    ['a row with a cell too many', 'a,b,c\nd,e,f,g\n'],
    ['a blank line', 'a,b,c\n\n'],
    ['a row of empty cells', 'a,b,c\n,,\n'],
    ['a comment', 'a,b,c\n#note,x,y\n'],
    ['a repeated header', 'a,b,c\nName,Email,City\n'],
    ['a quote inside an unquoted value', 'a,b,c\nd,e"x,f\n'],
    ['text after a closing quote', 'a,b,c\n"d" x,e,f\n'],
    ['a NUL byte', 'a,b,c\nd,e\0,f\n'],
    ['a lone LF in a CRLF file', 'a,b,c\r\nd,e\nf,g\r\n'],
    ['a quote never closed at the end', 'a,b,c\nd,"e,f\n'],
  ])('leaves %s to the general reader, stopping at its first byte', (_, text) => {
    const dialect = text.includes('\r\n') ? { newline: '\r\n' as const } : {}
    const result = scan(text, { header: 'Name', dialect: { ...dialect, commentChar: '#' } })
    expect(result.stop).toBe('irregular')
    expect(result.rows.map((row) => row.cells)).toEqual([['a', 'b', 'c']])
    expect(result.end).toBe(text.indexOf(text.includes('\r\n') ? '\r\n' : '\n') + (text.includes('\r\n') ? 2 : 1))
  })

  it('keeps an unfinished record for the next chunk', () => {
    for (const text of ['a,b,c\nd,e', 'a,b,c\nd,"e\n', 'a,b,c\nd,e,f\r', 'a,b,c\nd,e,"f"']) {
      const result = scan(text, { isFinal: false })
      expect(result.stop).toBe('partial')
      expect(result.rest).toBe(text.slice(6))
    }
  })

  it('hands a record over 64 KB to the general reader', () => {
    const text = `a,b,c\nd,"${'x'.repeat(FAST_MAX_RECORD_BYTES)}",f\ng,h,i\n`
    expect(scan(text, { isFinal: false })).toMatchObject({ stop: 'long', end: 6 })
  })

  it('stops after maxRows records', () => {
    const reader = createFastReader(comma, { width: 2, headerFirstCell: null, withSearchText: false })!
    const out = new CopyRowEncoder(false)
    const result = reader.scan(Buffer.from('a,b\nc,d\ne,f\n'), 0, { isFinal: true, maxRows: 2, firstIndex: 10, firstLine: 3, out })
    expect(result).toMatchObject({ stop: 'full', rows: 2, end: 8, nextLine: 5 })
    expect(decodeRows(out.take().bytes, 2).map((row) => row.index)).toEqual([10, 11])
  })

  it('does not take dialects it cannot read exactly', () => {
    const table = { width: 3, headerFirstCell: null, withSearchText: false }
    expect(createFastReader({ ...comma, delimiter: ', ' }, table)).toBeNull()
    expect(createFastReader({ ...comma, escapeChar: '\\' }, table)).toBeNull()
    expect(createFastReader(comma, { ...table, width: 1 })).toBeNull()
  })
})

/** A deterministic generator of messy CSV: quotes, delimiters and line breaks in values, ragged and blank rows. */
function messyCsv(seed: number): string {
  let s = seed
  const random = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 4294967296)
  const pick = <T,>(items: T[]) => items[Math.floor(random() * items.length)] as T
  const values = ['Ann', 'Renée', '東京', '😀', '', ' ', 'a,b', 'say "hi"', 'two\nlines', 'cr\r\nlf', 'back\\slash', 'tab\tx', '#hash', 'Name', '42', '3.5']
  const cell = () => {
    const value = pick(values)
    return /[",\n\r]/.test(value) || random() < 0.1 ? `"${value.replace(/"/g, '""')}"` : value
  }
  const newline = pick(['\n', '\r\n'])
  const lines = ['Name,Email,City,Notes']
  for (let i = 0; i < 400; i++) {
    const roll = random()
    if (roll < 0.03) lines.push('')
    else if (roll < 0.06) lines.push([cell(), cell()].join(','))
    else if (roll < 0.08) lines.push([cell(), cell(), cell(), cell(), 'extra'].join(','))
    else if (roll < 0.09) lines.push('x,"unclosed,y,z')
    else lines.push([cell(), cell(), cell(), cell()].join(','))
  }
  return lines.join(newline) + (random() < 0.5 ? newline : '')
}

describe('the fast lane and the general reader agree', () => {
  it.each(Array.from({ length: 24 }, (_, i) => i + 1))('on generated messy file %i, whatever the chunk size', async (seed) => {
    const path = temp.write(`messy-${seed}.csv`, messyCsv(seed))
    const sniff = await sniffFile(path)
    const chunkBytes = [7, 64, 1000, 4096, 1 << 20][seed % 5]
    const read = await readBothWays(path, { sniff, headerRow: 0, batchSize: 1 + (seed % 50), chunkBytes, withSearchText: seed % 2 === 0 })
    // readBothWays compared the two lanes; every record is accounted for as well.
    expect(read.validRows + read.skippedRows + read.blankLines + read.headerRecords + read.commentLines).toBe(read.totalRecords)
  })
})
