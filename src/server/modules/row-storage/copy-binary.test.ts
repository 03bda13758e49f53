import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COPY_BINARY_HEADER, COPY_BINARY_TRAILER, decodeRows, encodeRows, rowJson, searchText, sourceColumnKey } from './copy-binary.ts'

describe('rowJson and searchText', () => {
  it('keys values by column position and leaves empty cells out', () => {
    expect(sourceColumnKey(0)).toBe('c1')
    expect(JSON.parse(rowJson(['Ann', '', 'Oslo']))).toEqual({ c1: 'Ann', c3: 'Oslo' })
  })

  it('drops NUL and replaces a lone surrogate, which a jsonb value cannot hold', () => {
    expect(JSON.parse(rowJson(['a\0b', 'x\ud800y', '😀']))).toEqual({ c1: 'ab', c2: 'x\ufffdy', c3: '😀' })
    expect(rowJson(['x\ud800y'])).not.toContain('\\ud800')
  })

  it('lower-cases the values for search, with tabs and line breaks as spaces', () => {
    expect(searchText(['Ann\tB', '', 'OSLO\r\nNorth', 'C:\\x', 'İSTANBUL'])).toBe(`ann b oslo  north c:\\x ${'İSTANBUL'.toLowerCase()}`)
  })
})

describe('encodeRows', () => {
  const rows = [
    { index: 0, cells: ['Renée', '', 'line\nbreak, "quoted"'] },
    { index: 7, cells: ['back\\slash', 'tab\there', ''] },
  ]

  it('reads back as the same cells, indexes and search text', () => {
    const encoded = encodeRows(rows, true)
    expect(encoded.count).toBe(2)
    expect(decodeRows(encoded.bytes, 3)).toEqual(rows.map((row) => ({ ...row, searchText: searchText(row.cells) })))
    expect(decodeRows(encodeRows(rows, false).bytes, 3)).toEqual(rows)
  })

  describe('as PostgreSQL reads it', () => {
    let db: PGlite
    beforeAll(async () => {
      db = await PGlite.create()
      await db.exec(`CREATE TABLE t (upload_id uuid NOT NULL DEFAULT '8f9d2c1e-0000-4000-8000-000000000001', row_index int, data jsonb, search_text text)`)
    })
    afterAll(() => db.close())

    it('loads through binary COPY with the stream header and trailer', async () => {
      const { bytes } = encodeRows(rows, true)
      const blob = new Blob([COPY_BINARY_HEADER, bytes as Uint8Array<ArrayBuffer>, COPY_BINARY_TRAILER])
      await db.query(`COPY t (row_index, data, search_text) FROM '/dev/blob' WITH (FORMAT binary)`, [], { blob })
      const loaded = await db.query<{ row_index: number; data: Record<string, string>; search_text: string; upload_id: string }>(
        'SELECT * FROM t ORDER BY row_index',
      )
      expect(loaded.rows).toEqual([
        { upload_id: '8f9d2c1e-0000-4000-8000-000000000001', row_index: 0, data: { c1: 'Renée', c3: 'line\nbreak, "quoted"' }, search_text: 'renée line break, "quoted"' },
        { upload_id: '8f9d2c1e-0000-4000-8000-000000000001', row_index: 7, data: { c1: 'back\\slash', c2: 'tab\there' }, search_text: 'back\\slash tab here' },
      ])
    })
  })
})
