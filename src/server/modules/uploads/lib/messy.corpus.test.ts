import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { HEADER_CONFIDENCE } from '#common/constants'
import { describe, expect, it } from 'vitest'
import type { RecordIssue } from './import-report.ts'
import { type ReadSummary, type SniffResult, sniffFile } from './read-csv.ts'
import { corpusDir, readBothWays } from './test-files.ts'

/**
 * The messy corpus (test/fixtures/corpus/messy/README.md): every file imports without a crash,
 * with the right delimiter and decoded text, and every record is accounted for: imported +
 * skipped + blank + comment + header (with its preamble) = the file's records. The record
 * counts below were taken independently (Python's csv module, or by hand for the small files).
 */
const messyDir = join(corpusDir, 'messy')

type Imported = ReadSummary & { sniff: SniffResult; rows: string[][]; lines: number[] }

async function importMessy(name: string): Promise<Imported> {
  const path = join(messyDir, name)
  const sniff = await sniffFile(path)
  const { batches: _, rows, ...summary } = await readBothWays(path, { sniff, headerRow: sniff.hasHeader ? sniff.headerRow : null, batchSize: 500 })
  return { ...summary, sniff, rows: rows.map((row) => row.cells), lines: rows.map((row) => row.line) }
}

type Expectation = {
  delimiter: string
  encoding: string
  /** 'header' and 'none' are confident verdicts (>= 0.8 / < 0.5); 'likely' is a header below 0.8. */
  header: 'header' | 'likely' | 'none'
  records: number
  rows: number
  skipped?: number
  padded?: number
  blank?: number
  comments?: number
  check?: (file: Imported) => void
}

const corpus: Record<string, Expectation> = {
  'blank_and_comment_lines.csv': {
    delimiter: ',', encoding: 'utf-8', header: 'none', records: 38, rows: 29, blank: 4, comments: 5,
    check: ({ rows }) => expect(rows[0]).toEqual(['config', 'xhtml=1', '']),
  },
  'bom_blank_lines_ragged_cities.csv': {
    delimiter: ',', encoding: 'utf-8', header: 'header', records: 3260, rows: 3249, blank: 4, comments: 6,
    check: ({ header, rows, sniff }) => {
      expect(sniff.bomLength).toBe(3)
      expect(header).toEqual(['W_ID', 'NAME', 'PROV_ID', 'LAT', 'LON'])
      expect(rows[0]).toEqual(['caab0001', 'Acadia Valley', 'AB', '51.157764', '-110.214152'])
    },
  },
  'bom_semicolon_decimal_comma.csv': {
    delimiter: ';', encoding: 'utf-8', header: 'header', records: 5, rows: 4,
    check: ({ header, rows }) => {
      expect(header).toEqual(['Prüfung1', 'Prüfung2', 'Prüfung3'])
      expect(rows[0]).toEqual(['1,5', '33,33', '15,55'])
    },
  },
  'bom_utf16le_crlf.csv': {
    delimiter: ',', encoding: 'utf-16le', header: 'header', records: 2, rows: 1,
    check: ({ header, rows }) => expect([header, ...rows]).toEqual([['a', 'b', 'c'], ['1', '2', '3']]),
  },
  'bom_utf8_contacts_email.csv': {
    delimiter: ',', encoding: 'utf-8', header: 'header', records: 4, rows: 3,
    check: ({ header, rows, issues }) => {
      expect(header).toEqual(['id', 'first_name', 'last_name', 'email', 'modified_at'])
      expect(rows[1]).toEqual(['2', 'Kylie', 'Lauderdale', 'klauderdale1@wsj.com', '2022-02-14'])
      // The trailing comma of row 2 adds an empty sixth field: trimmed, nothing lost, reported.
      expect(issues).toEqual([{ row: 3, action: 'other', expected_columns: 5, actual_columns: 6, reason: 'extra_empty_columns' }])
    },
  },
  'bom_utf8_crlf_no_trailing_newline.csv': {
    delimiter: ',', encoding: 'utf-8', header: 'header', records: 2, rows: 1,
    check: ({ header, rows, sniff }) => {
      expect(sniff.newline).toBe('\r\n')
      expect([header, ...rows]).toEqual([['a', 'b', 'c'], ['1', '2', '3']])
    },
  },
  'bom_utf8_papaparse.csv': {
    // "A,B,C" over "X,Y,Z": letters over letters, nothing to tell them apart; the user confirms.
    delimiter: ',', encoding: 'utf-8', header: 'likely', records: 2, rows: 1,
    check: ({ header, rows }) => expect([header, ...rows]).toEqual([['A', 'B', 'C'], ['X', 'Y', 'Z']]),
  },
  'comment_preamble_country_codes.csv': {
    // The corpus README says ",", but the file (geonames countryInfo.txt) is tab-separated; its
    // header is the last comment line, "#ISO<TAB>ISO3...", which is kept as the header.
    delimiter: '\t', encoding: 'utf-8', header: 'header', records: 302, rows: 252, comments: 49,
    check: ({ header, rows, sniff }) => {
      expect(sniff.commentChar).toBe('#')
      expect(header.slice(0, 5)).toEqual(['ISO', 'ISO3', 'ISO-Numeric', 'fips', 'Country'])
      expect(header[18]).toBe('EquivalentFipsCode')
      expect(rows[0]?.slice(0, 6)).toEqual(['AD', 'AND', '020', 'AN', 'Andorra', 'Andorra la Vella'])
    },
  },
  'cp1250_semicolon_headerless_shops.csv': {
    delimiter: ';', encoding: 'windows-1250', header: 'none', records: 102, rows: 102,
    check: ({ rows }) => {
      expect(rows[0]).toEqual(['dolnośląskie', 'Głogów', 'ul. Grodzka 34', ''])
      expect(rows[1]).toEqual(['dolnośląskie', 'Zgorzelec', 'ul. Słowińska', 'C.H. "Real"'])
    },
  },
  'cp1251_semicolon_fund_structure.csv': {
    delimiter: ';', encoding: 'windows-1251', header: 'header', records: 20, rows: 19,
    check: ({ header, rows }) => {
      expect(header.slice(0, 3)).toEqual(['Фонд', 'ID', 'Дата'])
      expect(header[13]).toBe('Операция "Обратное РЕПО"')
      expect(rows[0]?.slice(0, 4)).toEqual(['', '', '', '141'])
      expect(rows[1]?.slice(0, 3)).toEqual(['ИПИФ "ЦентрКредит - Разумный баланс"', '39', '01.04.2011'])
    },
  },
  'cr_only_all_quoted_uk_contacts.csv': {
    delimiter: ',', encoding: 'utf-8', header: 'header', records: 3, rows: 2,
    check: ({ header, rows, sniff }) => {
      expect(sniff.newline).toBe('\r')
      expect(header.at(-1)).toBe('test')
      expect(rows[0]?.[0]).toBe('Aleshia')
      expect(rows[0]?.[11]).toBe('')
    },
  },
  'cr_only_semicolon.csv': {
    delimiter: ';', encoding: 'utf-8', header: 'header', records: 4, rows: 3,
    check: ({ rows, sniff, lines }) => {
      expect(sniff.newline).toBe('\r')
      expect(rows[2]?.[3]).toMatch(/^#1 NEW YORK TIMES BESTSELLER\. \nMeet Elizabeth Zott: "a gifted research chemist/)
      expect(rows[2]?.[3]).toMatch(/\(Stephen King, via Twitter\)$/)
      expect(lines).toEqual([2, 3, 4])
    },
  },
  'duplicate_headers_multiline.csv': {
    delimiter: ',', encoding: 'utf-8', header: 'header', records: 40, rows: 39,
    check: ({ header, rows, lines }) => {
      expect(header.slice(-3)).toEqual(['ad', 'ad (2)', 'ad (3)'])
      expect(rows[0]?.[1]).toMatch(/^###\n# \|\|abc - abc\|\|\n/)
      expect(lines).toEqual(rows.map((_, i) => 2 + 8 * i))
    },
  },
  'duplicate_headers_semicolon.csv': {
    // R's write.csv2 layout: the header has no name for the row-names column, so its 134 names
    // belong to columns 2..135.
    delimiter: ';', encoding: 'utf-8', header: 'header', records: 33, rows: 32,
    check: ({ header, rows, sniff }) => {
      expect(sniff.unnamedFirstColumn).toBe(true)
      expect(header.slice(0, 3)).toEqual(['Column 1', 'x', 'x (2)'])
      expect(header.at(-1)).toBe('CompTime')
      expect(rows[0]?.[0]).toBe('Org')
      expect(rows.at(-1)?.[0]).toBe('Dim.  30')
    },
  },
  'empty_first_field.csv': {
    delimiter: ',', encoding: 'utf-8', header: 'header', records: 3, rows: 2,
    check: ({ rows }) => expect(rows).toEqual([['test title 01', 'test name 01'], ['', 'test name 02']]),
  },
  'empty_quoted_header.csv': {
    // The empty header name and the blank line it makes give the same table either way: one
    // column named "Column 1" holding "value".
    delimiter: ',', encoding: 'utf-8', header: 'none', records: 2, rows: 1, blank: 1,
    check: ({ header, rows }) => expect([header, ...rows]).toEqual([['Column 1'], ['value']]),
  },
  'excel_resaved_customers-100.csv': {
    delimiter: ',', encoding: 'utf-8', header: 'header', records: 101, rows: 100,
    check: ({ rows }) => expect(rows[0]?.[10]).toBe('24/8/20'),
  },
  'excel_resaved_leads-100.csv': {
    delimiter: ',', encoding: 'utf-8', header: 'header', records: 100, rows: 99,
    check: ({ rows }) => {
      expect(rows[0]?.[5]).toBe('Grimes, Madden and Huff')
      expect(rows[0]?.[6]).toBe('-2237')
    },
  },
  'excel_trailing_empty_rows_customers.csv': {
    delimiter: ',', encoding: 'utf-8', header: 'header', records: 101, rows: 10, blank: 90,
    check: ({ rows }) => expect(rows[9]?.[2]).toBe('Michelle'),
  },
  'headerless_all_quoted_uk-500_x3.csv': {
    delimiter: ',', encoding: 'utf-8', header: 'none', records: 1500, rows: 1500,
    check: ({ rows }) => {
      expect(rows[0]?.slice(0, 3)).toEqual(['Aleshia', 'Tomkiewicz', 'Alan D Rosenburg Cpa Pc'])
      expect(rows[500]).toEqual(rows[0])
      expect(rows[2]?.[2]).toBe('Elliott, John W Esq')
    },
  },
  'latin1_accents.csv': {
    delimiter: ',', encoding: 'windows-1252', header: 'header', records: 2, rows: 1,
    check: ({ header, rows }) => expect([header, ...rows]).toEqual([['field1', 'field2'], ['Acentuação1', 'acentuação2']]),
  },
  'latin1_one_line_quotes.csv': {
    delimiter: ',', encoding: 'windows-1252', header: 'none', records: 1, rows: 1,
    check: ({ rows }) => expect(rows).toEqual([['One', 'Twô wördç', 'One "quoted"', 'Single "quote']]),
  },
  'latin1_single_quote_semicolon.csv': {
    delimiter: ';', encoding: 'windows-1252', header: 'none', records: 2, rows: 2,
    check: ({ rows, sniff }) => {
      expect(sniff.quoteChar).toBe("'")
      expect(rows).toEqual([['Neroductions Group', '£ 1,80', '£ 9000,50'], ['Hatchworks Ltd.', '£ 2,00', '£ 100000,30']])
    },
  },
  'macroman_cr_semicolon_phrases.csv': {
    // A phrasebook: its English rows repeat the English header words, which looks like data.
    delimiter: ';', encoding: 'macintosh', header: 'likely', records: 12, rows: 11,
    check: ({ header, rows, sniff }) => {
      expect(sniff.newline).toBe('\r')
      expect(header[0]).toBe('Country')
      expect(rows[0]?.[2]).toBe('(dorood) ____ (salâm) ____')
      expect(rows[1]?.[7]).toBe('Gëzuar Ditëlindjen')
    },
  },
  'macroman_headerless_quoted_fr.csv': {
    delimiter: ',', encoding: 'macintosh', header: 'none', records: 319, rows: 318, blank: 1,
    check: ({ rows }) => {
      expect(rows[0]?.slice(0, 2)).toEqual(['REA', 'Supplément de Réanimation'])
      expect(rows[2]?.[1]).toBe('Nombre de passages supérieur ou égal à 12500, inférieur à 17499')
    },
  },
  'multiline_field_semicolon.csv': {
    // One record, so nothing to compare it with; "Field1;Field2" reads as names.
    delimiter: ';', encoding: 'utf-8', header: 'likely', records: 1, rows: 0,
    check: ({ sniff }) => expect(sniff.preview).toEqual([['Field1', 'Field2', 'F\ni,e,l,d\n,3']]),
  },
  'optional_quoted_single_line.csv': {
    delimiter: ',', encoding: 'utf-8', header: 'likely', records: 1, rows: 0,
    check: ({ sniff }) => expect(sniff.preview).toEqual([['Field1', 'Field2', 'Field;3;3;3']]),
  },
  'pipe_headerless_fec.csv': {
    delimiter: '|', encoding: 'utf-8', header: 'none', records: 5, rows: 5,
    check: ({ rows }) => {
      expect(rows[0]?.length).toBe(21)
      expect(rows[0]?.[7]).toBe('MCKENNON, K R')
    },
  },
  'quoted_table_in_field.csv': {
    delimiter: ',', encoding: 'utf-8', header: 'header', records: 4, rows: 3,
    check: ({ rows, lines }) => {
      expect(rows[0]?.[1]).toBe('Some table like:\nid|key|value\n1|apple|10\n2|carrot|4\n3|potatoe|5\n4|crayon|9\n5|star|3')
      expect(lines).toEqual([2, 9, 10])
    },
  },
  'ragged_unbalanced_quote.tsv': {
    delimiter: '\t', encoding: 'utf-8', header: 'header', records: 10, rows: 8, skipped: 1, padded: 1,
    check: ({ rows, issues }) => {
      expect(issues.map((issue: RecordIssue) => [issue.row, issue.action, issue.reason])).toEqual([
        [3, 'skipped', 'too_many_columns'],
        [6, 'padded', 'too_few_columns'],
        [9, 'other', 'unterminated_quote'],
      ])
      expect(issues[0]?.values).toEqual(['BTV', '-73.15', '44.47', '14', '-9', '0.00', '0.0', '7', '52'])
      expect(rows.find((row) => row[0] === 'SLK')).toEqual(['SLK', '-74.20', '"44.39', '7', '-12', '0.00', '-99', '-99'])
      expect(rows.at(-1)).toEqual(['VSF', '-72.50', '43.34', '20', '-1', '0.04', '-99', '-99'])
    },
  },
  'semicolon_commas_in_fields.csv': {
    delimiter: ';', encoding: 'utf-8', header: 'header', records: 6, rows: 5,
    check: ({ rows }) => expect(rows[4]).toEqual(['5', '15,16,17;also;that']),
  },
  'semicolon_eu_dates_customers-100.csv': {
    delimiter: ';', encoding: 'utf-8', header: 'header', records: 101, rows: 100,
    check: ({ rows }) => expect(rows[0]?.[10]).toBe('24.08.2020'),
  },
  'semicolon_headerless_small.csv': {
    delimiter: ';', encoding: 'utf-8', header: 'none', records: 3, rows: 3,
    check: ({ rows }) => expect(rows).toEqual([['abc', '123'], ['def', '456'], ['ghi', '789']]),
  },
  'shift_jis.csv': {
    delimiter: ',', encoding: 'shift_jis', header: 'header', records: 5, rows: 4,
    check: ({ rows }) => expect(rows).toEqual([['1', '本日はいい天気'], ['2', 'ｱｲｳｴｵ'], ['3', 'テスト'], ['4', '★']]),
  },
  'single_column_no_delimiter.csv': {
    delimiter: ',', encoding: 'utf-8', header: 'none', records: 5, rows: 5,
    check: ({ rows, sniff }) => {
      expect(sniff.singleColumn).toBe(true)
      expect(rows[0]).toEqual(['This comma (,) need to be escaped'])
      expect(rows[4]).toEqual(['Also include a Tab (\t) for testing'])
    },
  },
  'utf16le_bom_all_quoted.csv': {
    // Header-only: 0 rows and no error. One row cannot be compared with data, so "likely".
    delimiter: ',', encoding: 'utf-16le', header: 'likely', records: 1, rows: 0,
    check: ({ header, fatalError }) => {
      expect(fatalError).toBeUndefined()
      expect(header).toEqual([
        'isbn', 'author', 'title', 'title_remainder', 'responsibility_stmt', 'call_nmbr1', 'call_nmbr2',
        'publication_place', 'publisher_name', 'publication_date',
      ])
    },
  },
  'utf8_accents_twin.csv': {
    delimiter: ',', encoding: 'utf-8', header: 'header', records: 2, rows: 1,
    check: ({ rows }) => expect(rows).toEqual([['Acentuação1', 'acentuação2']]),
  },
  'whole_row_quoted_people.csv': {
    delimiter: ',', encoding: 'utf-8', header: 'header', records: 107, rows: 106,
    check: ({ rows, issues }) => {
      expect(rows[9]).toEqual([
        '10', '8e4FB470FE19bF0', 'Isaiah', 'Downs', 'Male', 'virginiaterrell@example.org', '+1-511-372-1544x8206',
        '1964-09-20', 'Engineer, site',
      ])
      expect(issues).toHaveLength(21)
      expect(issues.every((issue: RecordIssue) => issue.reason === 'whole_row_quoted')).toBe(true)
    },
  },
}

describe('messy corpus', () => {
  it('has an expectation for every file', () => {
    const files = readdirSync(messyDir).filter((name) => /\.(csv|tsv)$/.test(name)).sort()
    expect(Object.keys(corpus).sort()).toEqual(files)
  })

  it.each(Object.entries(corpus))('%s', async (name, expected) => {
    const file = await importMessy(name)
    const { sniff } = file
    expect(file.fatalError).toBeUndefined()
    expect(sniff.delimiter).toBe(expected.delimiter)
    expect(sniff.encoding).toBe(expected.encoding)
    if (expected.header === 'header') {
      expect(sniff.hasHeader).toBe(true)
      expect(sniff.confidence).toBeGreaterThanOrEqual(HEADER_CONFIDENCE.confident)
    } else if (expected.header === 'likely') {
      expect(sniff.hasHeader).toBe(true)
      expect(sniff.confidence).toBeGreaterThanOrEqual(HEADER_CONFIDENCE.maybe)
      expect(sniff.confidence).toBeLessThan(HEADER_CONFIDENCE.confident)
    } else {
      expect(sniff.hasHeader).toBe(false)
      expect(sniff.confidence).toBeLessThan(HEADER_CONFIDENCE.maybe)
    }

    expect(file.totalRecords).toBe(expected.records)
    expect({
      rows: file.validRows,
      skipped: file.skippedRows,
      padded: file.paddedRows,
      blank: file.blankLines,
      comments: file.commentLines,
    }).toEqual({
      rows: expected.rows,
      skipped: expected.skipped ?? 0,
      padded: expected.padded ?? 0,
      blank: expected.blank ?? 0,
      comments: expected.comments ?? 0,
    })
    expect(file.validRows + file.skippedRows + file.blankLines + file.commentLines + file.headerRecords).toBe(file.totalRecords)
    expect(file.rows).toHaveLength(file.validRows)
    expect(file.rows.every((row) => row.length === file.header.length)).toBe(true)
    expect(file.issues.filter((issue: RecordIssue) => issue.action === 'skipped')).toHaveLength(file.skippedRows)
    expect(file.rows.flat().some((cell) => cell.includes('\uFFFD'))).toBe(false)
    expected.check?.(file)
  })

  it('decodes latin1_accents.csv to exactly the cells of its UTF-8 twin', async () => {
    const latin1 = await importMessy('latin1_accents.csv')
    const twin = await importMessy('utf8_accents_twin.csv')
    expect([latin1.header, ...latin1.rows]).toEqual([twin.header, ...twin.rows])
  })
})
