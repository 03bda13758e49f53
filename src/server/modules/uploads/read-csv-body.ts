import { randomUUID } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ROWS_API_MESSAGES } from '#common/messages'
import { AppError } from '#server/platform/app-error'
import { incomingDir } from '#server/platform/storage'
import { decodeRows } from '#server/modules/row-storage/copy-binary'
import { detectEncoding } from './lib/detect-encoding.ts'
import { readRecords, SNIFF_BYTES, sniffFile } from './lib/read-csv.ts'

/** A CSV body read as an import reads a file: its header's names and its rows' cells. */
export type CsvBody = {
  /** The header's names, normalised as an import's (blank and repeated names made unique). */
  header: string[]
  /** Each row's cells, one per header name (short rows padded, as an import pads them). */
  rows: string[][]
  /** Records with more cells than the header, skipped as an import skips them. */
  skippedRows: number
  /** What an import would warn of (not UTF-8, replaced characters...). */
  warnings: string[]
}

/**
 * Reads a CSV body (rows added by API, issue 33) through the importer's own code: its encoding
 * detection, dialect sniffing, record parser and cleaning (NUL bytes dropped, lone surrogates
 * replaced, long values kept whole), with the first record as the header. The body goes to a file
 * in the incoming folder first, as an upload does, because that is what the importer reads.
 * More than `maxRows` rows is a 422 before the rest is decoded.
 *
 * A body sent as CSV is text by its Content-Type, not a file of unknown kind: its NUL bytes are
 * dropped before the importer sniffs it (which would take a short body with two NULs for binary
 * data by their share), as JSON bodies' rules and rows.md say. UTF-16 text keeps them: they are
 * half of its bytes, and the importer reads it as UTF-16.
 */
export async function readCsvBody(bytes: Uint8Array, { maxRows }: { maxRows: number }): Promise<CsvBody> {
  const path = join(incomingDir(), `rows-${randomUUID()}.csv`)
  await writeFile(path, withoutNulBytes(bytes))
  try {
    const sniff = await sniffFile(path)
    if (sniff.fatalError) throw new AppError('VALIDATION_FAILED', ROWS_API_MESSAGES.csvUnreadable(sniff.fatalError.message))
    const rows: string[][] = []
    const summary = await readRecords(path, {
      sniff,
      // The first record names the columns, whatever the header detection would guess.
      headerRow: 0,
      batchSize: maxRows + 1,
      onBatch: async (batch) => {
        if (rows.length + batch.rows.count > maxRows) throw new AppError('VALIDATION_FAILED', ROWS_API_MESSAGES.tooManyRows(maxRows, null))
        for (const row of decodeRows(batch.rows.bytes, batch.header.length)) rows.push(row.cells)
      },
    })
    if (summary.fatalError) throw new AppError('VALIDATION_FAILED', ROWS_API_MESSAGES.csvUnreadable(summary.fatalError.message))
    if (summary.header.length === 0) throw new AppError('VALIDATION_FAILED', ROWS_API_MESSAGES.csvNoHeader)
    return { header: summary.header, rows, skippedRows: summary.skippedRows, warnings: summary.warnings }
  } finally {
    await rm(path, { force: true })
  }
}

function withoutNulBytes(bytes: Uint8Array): Uint8Array {
  if (!bytes.includes(0)) return bytes
  if (detectEncoding(bytes.subarray(0, SNIFF_BYTES)).encoding.startsWith('utf-16')) return bytes
  return bytes.filter((byte) => byte !== 0)
}
