import { describe, expect, it } from 'vitest'
import { countBreaks, createRecordParser, createSink, CsvRecordError, type ParseDialect, type RecordSink } from './record-parser.ts'

const comma: ParseDialect = { delimiter: ',', quoteChar: '"', escapeChar: '"', newline: '\n' }

function parseAll(
  text: string,
  dialect: ParseDialect = comma,
  options: { expectedWidth: number | null; maxRecordChars?: number; pieces?: number } = { expectedWidth: null },
): RecordSink {
  const parser = createRecordParser(dialect, options)
  const sink = createSink()
  const size = options.pieces ? Math.ceil(text.length / options.pieces) : text.length
  for (let i = 0; i < text.length; i += size) parser.push(text.slice(i, i + size), sink)
  parser.finish(sink)
  return sink
}

describe('createRecordParser', () => {
  it('gives each record the physical line it starts on, across multi-line cells', () => {
    const sink = parseAll('a,b\n1,"x\ny\nz"\n2,w\n\n3,"p\r\nq"\n4,v')
    expect(sink.cells).toEqual([['a', 'b'], ['1', 'x\ny\nz'], ['2', 'w'], [''], ['3', 'p\r\nq'], ['4', 'v']])
    expect(sink.lines).toEqual([1, 2, 5, 6, 7, 9])
  })

  it('gives the same records whatever the chunk boundaries', () => {
    const text = 'name,notes\r\n"Ann","multi\r\nline, with comma"\r\n\r\nBob,"say ""hi"""\r\n"Cy",\r\n'
    const dialect: ParseDialect = { ...comma, newline: '\r\n' }
    const whole = parseAll(text, dialect)
    expect(whole.cells).toEqual([['name', 'notes'], ['Ann', 'multi\r\nline, with comma'], [''], ['Bob', 'say "hi"'], ['Cy', '']])
    expect(whole.lines).toEqual([1, 2, 4, 5, 6])
    for (const pieces of [2, 3, 7, 13, text.length]) {
      const chunked = parseAll(text, dialect, { expectedWidth: null, pieces })
      expect(chunked.cells, `${pieces} pieces`).toEqual(whole.cells)
      expect(chunked.lines, `${pieces} pieces`).toEqual(whole.lines)
    }
  })

  it('reads CR-only files whose unquoted fields contain bare LF', () => {
    const sink = parseAll('ID;Text\r1;one\nline two\r2;x', { ...comma, delimiter: ';', newline: '\r' })
    expect(sink.cells).toEqual([['ID', 'Text'], ['1', 'one\nline two'], ['2', 'x']])
    expect(sink.lines).toEqual([1, 2, 4])
  })

  it('drops the CR of CRLF lines in a file read with LF', () => {
    expect(parseAll('a,b\r\n1,2\n3,"4"\r\n').cells).toEqual([['a', 'b'], ['1', '2'], ['3', '4']])
  })

  it('reads a stray opening quote literally when that gives the expected width', () => {
    const text = 'DATE,TIME,Qty,PRODUCTID,Price,ProductType,URL\n13/02/2018,01:00,9,"CC-9259,$48.00,"Throw Pillow, Wooden Paddles",https://x\n14/02/2018,01:15,1,CC-1697,$34.22,Suspenders,https://y\n'
    const sink = parseAll(text, comma, { expectedWidth: 7 })
    expect(sink.cells[1]).toEqual(['13/02/2018', '01:00', '9', '"CC-9259', '$48.00', 'Throw Pillow, Wooden Paddles', 'https://x'])
    expect(sink.cells[2]?.[3]).toBe('CC-1697')
    expect(sink.repairs).toEqual([{ at: 1, reason: 'stray_quote', line: 2 }])
  })

  it('keeps Papa Parse’s reading of a malformed quote when the width already fits', () => {
    const sink = parseAll('a,b\n"Boots, 10" Shearling",L\n', comma, { expectedWidth: 2 })
    expect(sink.cells[1]).toEqual(['Boots, 10" Shearling', 'L'])
    expect(sink.repairs).toEqual([])
  })

  it('recovers the lines after a quote that is never closed, instead of one giant cell', () => {
    const text = 'site\tlon\tlat\nRUT\t-72.95\t43.53\nSLK\t-74.20\t"44.39\nVSF\t-72.50\t43.34'
    const sink = parseAll(text, { ...comma, delimiter: '\t' }, { expectedWidth: 3 })
    expect(sink.cells).toEqual([['site', 'lon', 'lat'], ['RUT', '-72.95', '43.53'], ['SLK', '-74.20', '"44.39'], ['VSF', '-72.50', '43.34']])
    expect(sink.lines).toEqual([1, 2, 3, 4])
    expect(sink.repairs).toEqual([{ at: 2, reason: 'unterminated_quote', line: 3 }])
  })

  it('stops a never-closed quote from holding the rest of a streamed file in memory', () => {
    const body = Array.from({ length: 200 }, (_, i) => `${i + 3},row ${i}`).join('\n')
    const text = `id,name\n1,ok\n2,"broken\n${body}\n`
    const sink = parseAll(text, comma, { expectedWidth: 2, maxRecordChars: 500, pieces: 40 })
    expect(sink.cells[2]).toEqual(['2', '"broken'])
    expect(sink.repairs[0]).toMatchObject({ reason: 'unterminated_quote', line: 3 })
    expect(sink.cells).toHaveLength(203)
    expect(sink.cells[202]).toEqual(['202', 'row 199'])
    expect(sink.lines[202]).toBe(203)
  })

  it('still bounds a never-closed quote in chunks that also hold a malformed quote', () => {
    const body = Array.from({ length: 100 }, (_, i) => `${i + 4},row ${i}`).join('\n')
    const text = `id,name\n"x" y,1\n3,"broken\n${body}\n`
    const sink = parseAll(text, comma, { expectedWidth: 2, maxRecordChars: 300, pieces: 25 })
    expect(sink.cells.slice(0, 3)).toEqual([['id', 'name'], ['"x" y', '1'], ['3', '"broken']])
    expect(sink.cells).toHaveLength(103)
    expect(sink.lines.at(-1)).toBe(103)
  })

  it('drops the empty record after a final newline on the slow path too', () => {
    expect(parseAll('a,b\n"x" y,1\n"p" q,2\n').cells).toEqual([['a', 'b'], ['"x" y', '1'], ['"p" q', '2']])
    expect(parseAll('a,b\n"x" y,1\n').cells).toEqual([['a', 'b'], ['"x" y', '1']])
  })

  it('fails with the line number when a record grows past the limit without an end', () => {
    const quoted = () => parseAll(`id,name\n1,"${'x'.repeat(2000)}`, comma, { expectedWidth: 2, maxRecordChars: 500, pieces: 20 })
    expect(quoted).toThrow(CsvRecordError)
    expect(quoted).toThrow('Line 2 opens a quoted field that is never closed')
    const long = () => parseAll(`id,name\n1,${'x'.repeat(2000)}`, comma, { expectedWidth: 2, maxRecordChars: 500, pieces: 20 })
    expect(long).toThrow('The record on line 2 is longer than 1 MB')
  })
})

describe('countBreaks', () => {
  it('counts LF, CRLF and lone CR once each', () => {
    expect(countBreaks('a\nb\r\nc\rd', 0, 9)).toBe(3)
    expect(countBreaks('a\nb\nc', 2, 4)).toBe(1)
  })
})
