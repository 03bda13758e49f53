import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import { decodeRows } from '#server/modules/row-storage/copy-binary'
import { type ReadOptions, type ReadSummary, readRecords, type RecordBatch } from './read-csv.ts'

/** The byte-exact corpus copied from /work/shared/corpus (see test/fixtures/corpus/README.md). */
export const corpusDir = fileURLToPath(new URL('../../../../../test/fixtures/corpus/', import.meta.url))

/** A scratch folder for files a test writes; `cleanup` removes it. */
export function createTempDir(): { write: (name: string, content: string | Uint8Array) => string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'rowcraft-csv-'))
  return {
    write(name, content) {
      const path = join(dir, name)
      writeFileSync(path, content)
      return path
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  }
}

const encoders = new Map<string, Map<string, number[]>>()

/**
 * Encodes text in a legacy encoding by inverting TextDecoder (Node can decode them but not encode):
 * every byte for single-byte code pages, every lead/trail pair for Shift_JIS.
 */
export function encodeLegacy(text: string, encoding: string): Uint8Array {
  let table = encoders.get(encoding)
  if (!table) {
    table = new Map()
    const decoder = new TextDecoder(encoding)
    for (let byte = 0; byte < 256; byte++) {
      const char = decoder.decode(new Uint8Array([byte]))
      if (char.length === 1 && char !== '\uFFFD' && !table.has(char)) table.set(char, [byte])
    }
    if (encoding === 'shift_jis') {
      for (let lead = 0x81; lead <= 0xfc; lead++) {
        for (let trail = 0x40; trail <= 0xfc; trail++) {
          const char = decoder.decode(new Uint8Array([lead, trail]))
          if (char.length === 1 && char !== '\uFFFD' && !table.has(char)) table.set(char, [lead, trail])
        }
      }
    }
    encoders.set(encoding, table)
  }
  const bytes: number[] = []
  for (const char of text) {
    const encoded = table.get(char)
    if (!encoded) throw new Error(`${encoding} cannot encode ${JSON.stringify(char)}`)
    bytes.push(...encoded)
  }
  return new Uint8Array(bytes)
}

export function encodeUtf16(text: string, endian: 'le' | 'be', withBom: boolean): Uint8Array {
  const units = (withBom ? '\uFEFF' : '') + text
  const bytes = new Uint8Array(units.length * 2)
  for (let i = 0; i < units.length; i++) {
    const unit = units.charCodeAt(i)
    const [first, second] = endian === 'le' ? [unit & 0xff, unit >> 8] : [unit >> 8, unit & 0xff]
    bytes[i * 2] = first
    bytes[i * 2 + 1] = second
  }
  return bytes
}

export type ReadRow = { index: number; line: number; cells: string[]; searchText?: string }

/** A batch's rows as cells, with their lines when the reader kept them (`trackLines`). */
export function batchRows(batch: RecordBatch): ReadRow[] {
  const lines = batch.rows.lines ?? []
  return decodeRows(batch.rows.bytes, batch.header.length).map(({ index, cells, searchText }, i) => ({
    index,
    line: lines[i] ?? 0,
    cells,
    ...(searchText === undefined ? {} : { searchText }),
  }))
}

export type ReadResult = ReadSummary & { batches: RecordBatch[]; rows: ReadRow[] }

/**
 * Reads a file the way the import does, and again with the general reader alone: the fast lane
 * must give the same rows, lines, batch sizes, issues and counts, or the test fails here. (Which
 * batch carries an issue may differ: the two read different windows of the file at a time.)
 */
export async function readBothWays(path: string, options: Omit<ReadOptions, 'onBatch' | 'fastPath' | 'trackLines'>): Promise<ReadResult> {
  const read = async (fastPath: boolean): Promise<ReadResult> => {
    const batches: RecordBatch[] = []
    const summary = await readRecords(path, { ...options, fastPath, trackLines: true, onBatch: async (batch) => void batches.push(batch) })
    return { ...summary, batches, rows: batches.flatMap(batchRows) }
  }
  const fast = await read(true)
  const general = await read(false)
  expect(general.fastRows).toBe(0)
  const shape = ({ fastRows: _, ...result }: ReadResult) => ({
    ...result,
    batches: result.batches.map((batch) => ({ header: batch.header, rows: batch.rows.count, bytesRead: batch.bytesRead })),
    batchIssues: result.batches.flatMap((batch) => batch.issues),
  })
  expect(shape(fast)).toEqual(shape(general))
  // Byte for byte, too: the fast lane writes the JSON that JSON.stringify would.
  const bytes = (result: ReadResult) => result.batches.map((batch) => Buffer.from(batch.rows.bytes).toString('hex'))
  expect(bytes(fast).join('/') === bytes(general).join('/')).toBe(true)
  return fast
}
