import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HEADER_CONFIDENCE } from '#common/constants'
import { UPLOAD_MESSAGES } from '#common/messages'
import { afterAll, describe, expect, it } from 'vitest'
import { type ReadOptions, readRecords, type ReadSummary, sniffFile } from './read-csv.ts'
import { batchRows, createTempDir, encodeLegacy, encodeUtf16, readBothWays, type ReadResult } from './test-files.ts'

const temp = createTempDir()
afterAll(() => temp.cleanup())

type Read = Omit<ReadResult, 'rows'> & { rows: string[][]; lines: number[]; indexes: number[] }

/** Reads a file both ways (fast lane and general reader, which must agree) and returns the rows. */
async function importFile(
  path: string,
  options: Partial<Omit<ReadOptions, 'sniff' | 'onBatch' | 'fastPath' | 'trackLines'>> = {},
): Promise<Read> {
  const sniff = await sniffFile(path)
  const read = await readBothWays(path, {
    sniff,
    headerRow: options.headerRow === undefined ? (sniff.hasHeader ? sniff.headerRow : null) : options.headerRow,
    batchSize: options.batchSize ?? 1000,
    chunkBytes: options.chunkBytes,
    withSearchText: options.withSearchText,
  })
  return {
    ...read,
    rows: read.rows.map((row) => row.cells),
    lines: read.rows.map((row) => row.line),
    indexes: read.rows.map((row) => row.index),
  }
}

/** Every record is accounted for: imported, skipped, blank or comment, or part of the header. */
function expectAccounted(read: ReadSummary): void {
  expect(read.validRows + read.skippedRows + read.blankLines + read.commentLines + read.headerRecords).toBe(read.totalRecords)
}

describe('sniffFile', () => {
  it('refuses an empty file', async () => {
    expect((await sniffFile(temp.write('empty.csv', ''))).fatalError).toEqual({ code: 'EMPTY_FILE', message: UPLOAD_MESSAGES.emptyFile })
    expect((await sniffFile(temp.write('blank.csv', '\r\n\n  \n'))).fatalError?.code).toBe('EMPTY_FILE')
    expect((await sniffFile(temp.write('bom-only.csv', new Uint8Array([0xef, 0xbb, 0xbf])))).fatalError?.code).toBe('EMPTY_FILE')
  })

  it('refuses binary files with the export hint', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52])
    expect((await sniffFile(temp.write('image.csv', png))).fatalError).toEqual({ code: 'BINARY_FILE', message: UPLOAD_MESSAGES.binaryFile })
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0, 0x08, 0, 0, 0, 0x21, 0])
    expect((await sniffFile(temp.write('sheet.csv', xlsx))).fatalError?.code).toBe('BINARY_FILE')
  })

  it('describes a lead list: encoding, dialect, header and a preview', async () => {
    const text = '\ufeffName;Email;Phone;Created\r\nRenée;renee@example.com;+33 1 23 45 67 89;2024-01-02\r\nBob;bob@example.com;+1 555 0100;2024-01-03\r\n'
    const sniff = await sniffFile(temp.write('leads.csv', text))
    expect(sniff).toMatchObject({
      encoding: 'utf-8',
      bomLength: 3,
      delimiter: ';',
      quoteChar: '"',
      newline: '\r\n',
      hasHeader: true,
      headerRow: 0,
      width: 4,
      previewLines: [1, 2, 3],
    })
    expect(sniff.confidence).toBeGreaterThanOrEqual(HEADER_CONFIDENCE.confident)
    expect(sniff.preview[0]).toEqual(['Name', 'Email', 'Phone', 'Created'])
    expect(sniff.notes[0]).toBe('Encoding: utf-8 (UTF-8 byte-order mark)')
  })

  it('finds a header below a title and a blank line', async () => {
    const sniff = await sniffFile(temp.write('title.csv', 'Leads May 2024\n\nid,email,score\n1,a@x.io,3\n2,b@x.io,4\n3,c@x.io,5\n'))
    expect(sniff).toMatchObject({ hasHeader: true, headerRow: 1, previewLines: [1, 3, 4, 5, 6] })
  })
})

describe('readRecords', () => {
  it('imports rows under normalised header names and accounts for every record', async () => {
    const read = await importFile(temp.write('basic.csv', 'id,Name,name,,email\n1,Ann,A,x,ann@x.io\n2,Bob,B,y,bob@x.io\n'))
    expect(read.header).toEqual(['id', 'Name', 'name (2)', 'Column 4', 'email'])
    expect(read.rows).toEqual([['1', 'Ann', 'A', 'x', 'ann@x.io'], ['2', 'Bob', 'B', 'y', 'bob@x.io']])
    expect(read.lines).toEqual([2, 3])
    expect(read).toMatchObject({ totalRecords: 3, headerRecords: 1, validRows: 2, issueCount: 0, nonEmptyCells: 10, totalCells: 10 })
    expectAccounted(read)
  })

  it('gives 0 rows and no error for a header-only file', async () => {
    const read = await importFile(temp.write('header-only.csv', encodeUtf16('"isbn","author","title","publication_date"\r\n\r\n', 'le', true)), {
      headerRow: 0,
    })
    expect(read.header).toEqual(['isbn', 'author', 'title', 'publication_date'])
    expect(read).toMatchObject({ validRows: 0, blankLines: 1, totalRecords: 2 })
    expect(read.fatalError).toBeUndefined()
  })

  it('pads short rows, skips long ones with their values, and trims empty trailing cells', async () => {
    const text = 'id,name,email,score\n1,Ann,ann@x.io,3\n2,Bob\n3,Cy,cy@x.io,5,extra\n4,Di,di@x.io,6,,\n5,Ed,ed@x.io,7\n'
    const read = await importFile(temp.write('ragged.csv', text))
    expect(read.rows).toEqual([
      ['1', 'Ann', 'ann@x.io', '3'],
      ['2', 'Bob', '', ''],
      ['4', 'Di', 'di@x.io', '6'],
      ['5', 'Ed', 'ed@x.io', '7'],
    ])
    expect(read.issues).toEqual([
      { row: 3, action: 'padded', expected_columns: 4, actual_columns: 2, reason: 'too_few_columns' },
      { row: 4, action: 'skipped', expected_columns: 4, actual_columns: 5, reason: 'too_many_columns', values: ['3', 'Cy', 'cy@x.io', '5', 'extra'] },
      { row: 5, action: 'other', expected_columns: 4, actual_columns: 6, reason: 'extra_empty_columns' },
    ])
    expect(read).toMatchObject({ validRows: 4, paddedRows: 1, skippedRows: 1, nonEmptyCells: 14, totalCells: 16 })
    expectAccounted(read)
  })

  it('skips a row whose values shifted behind an extra empty cell', async () => {
    const text =
      'date,qty,sku,price,url,notes\n2018-01-28,2,MG-8769,$74.69,https://x.io/1,\n2018-01-29,1,RI-3895,$29.81,https://x.io/3,\n' +
      '2018-02-13,9,,CC-9259,$48.00,https://x.io/2,\n2018-02-14,1,CC-1697,$34.22,https://x.io/4,\n'
    const read = await importFile(temp.write('shifted.csv', text))
    expect(read.validRows).toBe(3)
    expect(read.issues).toEqual([
      {
        row: 4,
        action: 'skipped',
        expected_columns: 6,
        actual_columns: 7,
        reason: 'too_many_columns',
        values: ['2018-02-13', '9', '', 'CC-9259', '$48.00', 'https://x.io/2', ''],
      },
    ])
  })

  it('counts blank lines, all-empty Excel rows and comment lines without importing them', async () => {
    const text = '# exported by CRM\nid,name,city\n1,Ann,Paris\n\n# a note\n2,Bob,Rome\n,,\n,,\n'
    const read = await importFile(temp.write('blanks.csv', text))
    expect(read.rows).toEqual([['1', 'Ann', 'Paris'], ['2', 'Bob', 'Rome']])
    expect(read.lines).toEqual([3, 6])
    expect(read).toMatchObject({ totalRecords: 8, headerRecords: 1, blankLines: 3, commentLines: 2, validRows: 2 })
    expectAccounted(read)
  })

  it('treats the rows above the chosen header as a preamble', async () => {
    const read = await importFile(temp.write('preamble.csv', 'Leads May 2024\n\nid,email,score\n1,a@x.io,3\n2,b@x.io,4\n'))
    expect(read.header).toEqual(['id', 'email', 'score'])
    expect(read).toMatchObject({ headerRecords: 2, blankLines: 1, validRows: 2 })
    expectAccounted(read)
  })

  it('imports every record as data with generic names for "No Headers"', async () => {
    const read = await importFile(temp.write('no-header.csv', 'abc;123\ndef;456\n'), { headerRow: null })
    expect(read.header).toEqual(['Column 1', 'Column 2'])
    expect(read.rows).toEqual([['abc', '123'], ['def', '456']])
    expect(batchRows(read.batches[0]!)[0]).toEqual({ index: 0, line: 1, cells: ['abc', '123'] })
  })

  it('refuses a header row that is not in the preview', async () => {
    const path = temp.write('small.csv', 'a,b\n1,2\n')
    const sniff = await sniffFile(path)
    await expect(readRecords(path, { sniff, headerRow: 5, batchSize: 10, onBatch: async () => {} })).rejects.toThrow(RangeError)
  })

  it('hands over batches one at a time and waits for each', async () => {
    const path = temp.write('batches.csv', 'n\n' + Array.from({ length: 5 }, (_, i) => `${i}\n`).join(''))
    const sniff = await sniffFile(path)
    let running = 0
    const sizes: number[] = []
    await readRecords(path, {
      sniff,
      headerRow: null,
      batchSize: 2,
      chunkBytes: 3,
      onBatch: async (batch) => {
        running++
        expect(running).toBe(1)
        await new Promise((resolve) => setTimeout(resolve, 5))
        sizes.push(batch.rows.count)
        expect(batch.header).toEqual(['Column 1'])
        running--
      },
    })
    expect(sizes).toEqual([2, 2, 2])
  })

  it('reads the same rows whatever the chunk size, with characters and CRLF cut at chunk edges', async () => {
    const text = 'name,city,notes\r\nRenée,Zürich,"line one\r\nline two, ""quoted"""\r\n東京太郎,東京,😀\r\nZoë,Łódź,\r\n'
    const path = temp.write('chunks.csv', text)
    const whole = await importFile(path)
    expect(whole.rows).toEqual([
      ['Renée', 'Zürich', 'line one\r\nline two, "quoted"'],
      ['東京太郎', '東京', '😀'],
      ['Zoë', 'Łódź', ''],
    ])
    expect(whole.lines).toEqual([2, 4, 5])
    for (const chunkBytes of [1, 2, 5, 11]) {
      const chunked = await importFile(path, { chunkBytes })
      expect(chunked.rows, `${chunkBytes}-byte chunks`).toEqual(whole.rows)
      expect(chunked.lines).toEqual(whole.lines)
    }
  })

  it.each([
    ['windows-1250', 'imię;nazwisko;miasto\nZażółć;Gęślą;Łódź\nKraków;Wrocław;Gdańsk\n', ['Zażółć', 'Gęślą', 'Łódź']],
    ['windows-1251', 'Фамилия;Имя;Город\nИванов;Иван;Москва\nПетрова;Мария;Казань\n', ['Иванов', 'Иван', 'Москва']],
    ['shift_jis', '名前,住所\n山田太郎,東京都千代田区\n鈴木花子,大阪府大阪市\n', ['山田太郎', '東京都千代田区']],
    ['macintosh', 'nom,produit\nÉlodie,Café crème à emporter\nFrançois,Pâté de campagne\n', ['Élodie', 'Café crème à emporter']],
  ])('decodes %s files', async (encoding, text, firstRow) => {
    const read = await importFile(temp.write(`${encoding}.csv`, encodeLegacy(text, encoding)), { chunkBytes: 7 })
    expect(read.encoding).toBe(encoding)
    expect(read.rows[0]).toEqual(firstRow)
  })

  it('switches to Windows-1252 when Latin-1 bytes appear after a long ASCII start', async () => {
    const ascii = 'id,name\n' + Array.from({ length: 8000 }, (_, i) => `${i},plain name ${i}\n`).join('')
    expect(ascii.length).toBeGreaterThan(64 * 1024)
    const path = temp.write('late-latin1.csv', new Uint8Array([...new TextEncoder().encode(ascii), ...encodeLegacy('8000,Renée Brûlé\n', 'windows-1252')]))
    const read = await importFile(path, { chunkBytes: 16 * 1024 })
    expect(read.rows.at(-1)).toEqual(['8000', 'Renée Brûlé'])
    expect(read.encoding).toBe('windows-1252')
    expect(read.warnings[0]).toMatch(/^The file stopped being valid UTF-8 from about line \d+; the rest was read as windows-1252\.$/)
  })

  it('reports a never-closed quote and keeps reading the lines after it', async () => {
    const body = Array.from({ length: 40_000 }, (_, i) => `${i + 3},row ${i},${'x'.repeat(20)}\n`).join('')
    const read = await importFile(temp.write('unclosed.csv', `id,name,pad\n1,ok,x\n2,"broken,x\n${body}`), { chunkBytes: 64 * 1024 })
    expect(read.fatalError).toBeUndefined()
    expect(read.rows[1]).toEqual(['2', '"broken', 'x'])
    expect(read.issues[0]).toMatchObject({ row: 3, action: 'other', reason: 'unterminated_quote' })
    expect(read.validRows).toBe(40_002)
    expect(read.lines.at(-1)).toBe(40_003)
  })

  it('fails, naming the line, when a never-closed quote leaves no line end to recover at', async () => {
    const read = await importFile(temp.write('runaway.csv', `id,name\n1,ok\n2,"${'x'.repeat(1_200_000)}`), { chunkBytes: 256 * 1024 })
    expect(read.fatalError?.code).toBe('UNTERMINATED_QUOTE')
    expect(read.fatalError?.message).toMatch(/^Line 3 opens a quoted field that is never closed/)
  })

  it('skips a second table with its own header, listing its rows', async () => {
    const text = 'DATE,TIME,Qty\n28/01/2018,00:00,2\n29/01/2018,00:15,0\nDATE,TIME\n28/01/2018,00:00\n'
    const read = await importFile(temp.write('two-tables.csv', text))
    expect(read.rows).toEqual([['28/01/2018', '00:00', '2'], ['29/01/2018', '00:15', '0']])
    expect(read.issues).toEqual([
      { row: 4, action: 'skipped', expected_columns: 3, actual_columns: 2, reason: 'second_table', values: ['DATE', 'TIME'] },
      { row: 5, action: 'skipped', expected_columns: 3, actual_columns: 2, reason: 'second_table', values: ['28/01/2018', '00:00'] },
    ])
  })

  it('skips only the repeated line when the header is written twice at the top', async () => {
    const read = await importFile(temp.write('double-header.csv', 'Name,Email\nName,Email\nAnn,ann@x.io\nBob,bob@x.io\n'), { headerRow: 0 })
    expect(read.rows).toEqual([['Ann', 'ann@x.io'], ['Bob', 'bob@x.io']])
    expect(read.issues).toEqual([
      { row: 2, action: 'skipped', expected_columns: 2, actual_columns: 2, reason: 'repeated_header', values: ['Name', 'Email'] },
    ])
  })

  it('unwraps a record that a re-save wrapped whole in quotes', async () => {
    const text = 'Index,Name,Job Title\n1,Ann,Engineer\n"2,Bob,""Engineer, site"""\n'
    const read = await importFile(temp.write('wrapped.csv', text))
    expect(read.rows[1]).toEqual(['2', 'Bob', 'Engineer, site'])
    expect(read.issues).toEqual([{ row: 3, action: 'other', expected_columns: 3, actual_columns: 1, reason: 'whole_row_quoted' }])
  })

  it('keeps the first 1,000 issues in the summary and sends all of them with the batches', async () => {
    const text = 'a,b,c\n' + Array.from({ length: 1500 }, (_, i) => `${i}\n`).join('')
    const read = await importFile(temp.write('many-issues.csv', text), { headerRow: 0 })
    expect(read.issueCount).toBe(1500)
    expect(read.issues).toHaveLength(1000)
    expect(read.batches.flatMap((batch) => batch.issues)).toHaveLength(1500)
  })
})

describe('readRecords on 50,000 generated lead rows', () => {
  it('reads every row exactly, with lines and indexes', async () => {
    const firstNames = ['Ann', 'Renée', 'José', 'Zoë', 'Łukasz', 'Björn', '太郎', "O'Neil"]
    const companies = ['Acme', '"Globex, Inc."', 'Initech LLC', '"Smith ""Bros"" & Co"']
    const header = 'Index,Customer Id,First Name,Last Name,Company,City,Country,Phone 1,Phone 2,Email,Subscription Date,Website,Notes'
    const parts = [header + '\r\n']
    const expected: string[][] = []
    const lines: number[] = []
    let line = 2
    for (let i = 0; i < 50_000; i++) {
      const first = firstNames[i % firstNames.length] as string
      const company = companies[i % companies.length] as string
      const multiLine = i % 97 === 0
      const notes = multiLine ? '"Called twice,\r\nno answer"' : i % 5 === 0 ? '' : 'Speak own such.'
      const raw = [String(i + 1), `c${(i * 7919).toString(16)}`, first, `Last${i}`, company, 'East Leonard', 'Chile',
        `+1-555-${String(i % 10_000).padStart(4, '0')}`, '', `user${i}@example.com`, `2021-0${1 + (i % 9)}-1${i % 10}`,
        `https://www.example${i % 97}.com/`, notes]
      parts.push(raw.join(',') + '\r\n')
      expected.push(raw.map((cell) => (cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell)))
      lines.push(line)
      line += multiLine ? 2 : 1
    }
    const read = await importFile(temp.write('generated.csv', parts.join('')), { batchSize: 5000 })
    expect(read.header).toEqual(header.split(','))
    expect(read).toMatchObject({ validRows: 50_000, skippedRows: 0, paddedRows: 0, issueCount: 0, blankLines: 0, totalRecords: 50_001 })
    expect(read.batches.map((batch) => batch.rows.count)).toEqual(Array(10).fill(5000))
    expect(read.indexes).toEqual(expected.map((_, i) => i))
    expect(read.lines).toEqual(lines)
    expect(read.rows).toEqual(expected)
    expect(read.totalCells).toBe(50_000 * 13)
    // The fast lane reads every row but the one that shares the header's first window.
    expect(read.fastRows).toBe(49_999)
    expect(read.nonEmptyCells).toBe(50_000 * 12 - expected.filter((row) => row[12] === '').length)
  })
})

describe('sniffFile on a short ragged file', () => {
  it('keeps the header width when a single long row is outvoted, so the long row is skipped', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'ragged-')), 'ragged.csv')
    writeFileSync(path, 'Name,Email,City\nAnn,ann@x.example,Oslo\nBo,bo@x.example\nCy,cy@x.example,Rome,EXTRA\n')
    const sniff = await sniffFile(path)
    expect(sniff.width).toBe(3)
    expect(sniff.unnamedFirstColumn).toBe(false)
    const batches: string[][][] = []
    const summary = await readRecords(path, { sniff, headerRow: 0, batchSize: 10, onBatch: async (b) => void batches.push(batchRows(b).map((r) => r.cells)) })
    expect(summary.header).toEqual(['Name', 'Email', 'City'])
    expect(batches.flat()).toEqual([['Ann', 'ann@x.example', 'Oslo'], ['Bo', 'bo@x.example', '']])
    expect(summary.skippedRows).toBe(1)
  })
})
