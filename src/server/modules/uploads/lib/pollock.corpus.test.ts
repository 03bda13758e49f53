import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import type { RecordIssue } from './import-report.ts'
import { sniffFile } from './read-csv.ts'
import { corpusDir, readBothWays } from './test-files.ts'

/**
 * Pollock cases (HPI-Information-Systems/Pollock): each csv/X must give the table in clean/X.
 * Twelve do exactly. Where the pollution destroyed information, the test pins the closest honest
 * behaviour instead, and every record is still accounted for.
 */
const pollockDir = join(corpusDir, 'messy/pollock')
const cases = readdirSync(join(pollockDir, 'csv')).sort()

async function importCase(name: string) {
  const path = join(pollockDir, 'csv', name)
  const sniff = await sniffFile(path)
  const summary = await readBothWays(path, { sniff, headerRow: sniff.hasHeader ? sniff.headerRow : null, batchSize: 1000 })
  return { sniff, summary, table: [summary.header, ...summary.rows.map((row) => row.cells)] }
}

function cleanTable(name: string): string[][] {
  const text = readFileSync(join(pollockDir, 'clean', name), 'utf8')
  return (Papa.parse<string[]>(text, { skipEmptyLines: true }).data as string[][])
}

const exact = cases.filter(
  (name) => !['row_less_sep_row5_col3.csv', 'row_more_sep_row5_col3.csv', 'row_field_delimiter_5_0x20.csv', 'file_quotation_char_0x27.csv'].includes(name),
)

describe('Pollock corpus', () => {
  it('has the cases the README lists', () => {
    expect(cases).toHaveLength(16)
  })

  it.each(exact)('%s gives exactly its clean/ table', async (name) => {
    const { sniff, summary, table } = await importCase(name)
    expect(sniff.hasHeader).toBe(true)
    expect(sniff.confidence).toBeGreaterThanOrEqual(0.8)
    expect(table).toEqual(cleanTable(name))
    expect(summary.validRows + summary.skippedRows + summary.blankLines + summary.headerRecords).toBe(summary.totalRecords)
  })

  it('reads the dialect each case was polluted with', async () => {
    const dialects = await Promise.all(cases.map(async (name) => [name, await sniffFile(join(pollockDir, 'csv', name))] as const))
    const by = Object.fromEntries(dialects)
    expect(by['file_field_delimiter_0x3B.csv']?.delimiter).toBe(';')
    expect(by['file_field_delimiter_0x9.csv']?.delimiter).toBe('\t')
    expect(by['file_field_delimiter_0x2C_0x20.csv']?.delimiter).toBe(', ')
    expect(by['file_record_delimiter_0xD.csv']?.newline).toBe('\r')
    expect(by['file_quotation_char_0x27.csv']?.quoteChar).toBe("'")
    expect(by['file_escape_char_0x5C.csv']?.escapeChar).toBe('\\')
  })

  it('row_extra_quote5_col3.csv: the stray quote is kept as a character, as clean/ has it', async () => {
    const { summary, table } = await importCase('row_extra_quote5_col3.csv')
    expect(table[5]?.[3]).toBe('"CC-9259')
    expect(summary.issues).toEqual([{ row: 6, action: 'other', expected_columns: 9, actual_columns: 9, reason: 'stray_quote' }])
  })

  it('file_multitable_*.csv: the second table is skipped and listed, its rows downloadable', async () => {
    for (const name of ['file_multitable_same.csv', 'file_multitable_less.csv', 'file_multitable_more.csv']) {
      const { summary } = await importCase(name)
      expect(summary).toMatchObject({ validRows: 83, skippedRows: 83, totalRecords: 167 })
      expect(summary.issues[0]).toMatchObject({ row: 85, action: 'skipped', reason: 'second_table' })
      expect(summary.issues[0]?.values?.[0]).toBe('DATE')
      expect(summary.issues.every((issue: RecordIssue) => issue.values !== undefined)).toBe(true)
    }
  })

  it('row_less_sep_row5_col3.csv: "9CC-9259" cannot be split again, so the row is padded and reported', async () => {
    const { summary, table } = await importCase('row_less_sep_row5_col3.csv')
    const clean = cleanTable('row_less_sep_row5_col3.csv')
    expect(table.filter((_, i) => i !== 5)).toEqual(clean.filter((_, i) => i !== 5))
    expect(table[5]?.slice(0, 4)).toEqual(['13/02/2018', '01:00', '9CC-9259', '$48.00'])
    expect(table[5]?.slice(-2)).toEqual(['', ''])
    expect(summary.issues).toEqual([{ row: 6, action: 'padded', expected_columns: 9, actual_columns: 8, reason: 'too_few_columns' }])
  })

  it('row_field_delimiter_5_0x20.csv: the space-separated row is padded and reported', async () => {
    const { summary, table } = await importCase('row_field_delimiter_5_0x20.csv')
    const clean = cleanTable('row_field_delimiter_5_0x20.csv')
    expect(table.filter((_, i) => i !== 5)).toEqual(clean.filter((_, i) => i !== 5))
    expect(table[5]?.[0]).toMatch(/^13\/02\/2018 01:00 9 CC-9259 \$48\.00 "Throw Pillow$/)
    expect(summary.issues).toEqual([{ row: 6, action: 'padded', expected_columns: 9, actual_columns: 4, reason: 'too_few_columns' }])
  })

  it('row_more_sep_row5_col3.csv: the row with an inserted empty field is skipped with its values', async () => {
    const { summary, table } = await importCase('row_more_sep_row5_col3.csv')
    const clean = cleanTable('row_more_sep_row5_col3.csv')
    expect(table).toEqual(clean.filter((_, i) => i !== 5))
    expect(summary.issues).toHaveLength(1)
    expect(summary.issues[0]).toMatchObject({ row: 6, action: 'skipped', expected_columns: 9, actual_columns: 10, reason: 'too_many_columns' })
    expect(summary.issues[0]?.values?.slice(0, 5)).toEqual(['13/02/2018', '01:00', '9', '', 'CC-9259'])
  })

  it('file_quotation_char_0x27.csv: double quotes the generator doubled stay doubled (quote char is \')', async () => {
    const { table } = await importCase('file_quotation_char_0x27.csv')
    const doubled = table.flat().filter((cell) => cell.includes('""'))
    expect(doubled).toHaveLength(6)
    expect(table.map((row) => row.map((cell) => cell.replaceAll('""', '"')))).toEqual(cleanTable('file_quotation_char_0x27.csv'))
  })
})
