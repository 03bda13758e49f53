import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { UPLOAD_LIMIT_MESSAGES } from '#common/messages'
import { readWorkbookRows, type WorkbookPreview } from './read-xlsx.ts'
import { measureUnpackedBytes, readZipEntries } from './zip-size.ts'

async function writeWorkbook(rows: string[][]) {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Leads')
  for (const row of rows) sheet.addRow(row)
  const path = join(mkdtempSync(join(tmpdir(), 'rowcraft-zip-')), 'book.xlsx')
  await workbook.xlsx.writeFile(path)
  return path
}

const manyRows = (n: number) => [['Name', 'Email'], ...Array.from({ length: n }, (_, i) => [`Lead ${i}`, `lead${i}@x.example`])]

describe('the unpacked size of a workbook', () => {
  it('reads the sizes the zip declares and the bytes it really unpacks to', async () => {
    const path = await writeWorkbook(manyRows(2000))
    const entries = await readZipEntries(path)
    expect(entries.map((e) => e.name)).toContain('xl/worksheets/sheet1.xml')
    const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0)
    expect(await measureUnpackedBytes(path, entries, 10 * declared)).toBe(declared)
    expect(await measureUnpackedBytes(path, entries, declared - 1)).toBeNull()
  })

  it('is not fooled by a directory that understates a sheet', async () => {
    const path = await writeWorkbook(manyRows(2000))
    const entries = await readZipEntries(path)
    const sheet = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!
    // Rewrite the central directory's size of the sheet to 10 bytes.
    const bytes = readFileSync(path)
    const name = Buffer.from(sheet.name)
    for (let at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at !== -1; at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) {
      if (bytes.subarray(at + 46, at + 46 + name.length).equals(name)) bytes.writeUInt32LE(10, at + 24)
    }
    writeFileSync(path, bytes)
    const lied = await readZipEntries(path)
    expect(lied.find((e) => e.name === sheet.name)!.uncompressedSize).toBe(10)
    expect(await measureUnpackedBytes(path, lied, sheet.uncompressedSize)).toBeNull()
  })
})

describe('the row limit of a sheet', () => {
  it('refuses a sheet with more rows than the limit while reading it', async () => {
    const path = await writeWorkbook(manyRows(150))
    const workbook: WorkbookPreview = {
      sheets: ['Leads'],
      sheet: 'Leads',
      preview: [],
      width: 2,
      hasHeader: true,
      headerRow: 0,
      confidence: 1,
      reasons: [],
    }
    const read = (maxRows: number) =>
      readWorkbookRows(path, { workbook, sheet: 'Leads', headerRow: 0, batchSize: 1000, maxRows, onBatch: async () => {} })
    await expect(read(100)).rejects.toThrow(UPLOAD_LIMIT_MESSAGES.xlsxTooManyRows(100))
    expect((await read(151)).validRows).toBe(150)
  })
})
