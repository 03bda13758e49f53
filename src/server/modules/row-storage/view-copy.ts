import type { Readable } from 'node:stream'
import { sql, type SQL } from 'drizzle-orm'
import { CasingCache } from 'drizzle-orm/casing'
import { to as copyTo } from 'pg-copy-streams'
import type { RowView } from '#common/schemas/rows'
import { driver } from '#server/db/client'
import { viewSql, type RowSource } from './row-reader.ts'
import { cellText } from './view-sql.ts'

/**
 * A whole view's cells as CSV, written by PostgreSQL itself (COPY ... TO STDOUT): the fastest
 * export of a large file. COPY takes no parameters, so its query is written out with each value
 * as a literal, at the place of its parameter (nothing in the query's own text is rewritten).
 */

/** A value as an SQL literal; anything but a null, number, boolean, string or list of them is refused. */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`No SQL literal for ${value}`)
    // In brackets, so `- ${n}` never becomes a `--` comment.
    return value < 0 ? `(${value})` : String(value)
  }
  if (typeof value === 'bigint') return value < 0n ? `(${value})` : String(value)
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new Error('A text value cannot hold a NUL character')
    const quoted = value.replace(/'/g, "''")
    // E'' reads backslashes the same whatever standard_conforming_strings says.
    return value.includes('\\') ? `E'${quoted.replace(/\\/g, '\\\\')}'` : `'${quoted}'`
  }
  if (Array.isArray(value)) return `ARRAY[${value.map(sqlLiteral).join(', ')}]`
  throw new Error(`No SQL literal for a ${typeof value}`)
}

/** The query's text with every parameter written as its literal. */
export function inlineSql(query: SQL): string {
  return query.toQuery({
    casing: new CasingCache(),
    escapeName: (name) => `"${name.replace(/"/g, '""')}"`,
    escapeParam: (_position, value) => sqlLiteral(value),
    escapeString: (text) => sqlLiteral(text),
  }).sql
}

/**
 * The view's cells of `keys`, in the view's order, as the database's CSV records (no header).
 * `cancel` ends the read early; the connection goes back to the pool when the stream ends,
 * fails or is cancelled. PostgreSQL only.
 */
export async function copyViewCsv({ source, view, keys }: { source: RowSource; view: RowView; keys: readonly string[] }): Promise<{ records: Readable; cancel: () => void }> {
  if (driver.kind !== 'pg') throw new Error('copyViewCsv needs PostgreSQL')
  const { where, order } = await viewSql({ source, view })
  const cells = sql.raw(keys.length ? keys.map((key) => cellText(key)).join(', ') : `''`)
  const query = inlineSql(sql`SELECT ${cells} FROM csv_rows WHERE ${where} ORDER BY ${order}`)
  const client = await driver.pool.connect()
  const records: Readable = client.query(copyTo(`COPY (${query}) TO STDOUT (FORMAT csv)`))
  let released = false
  const release = (error?: Error) => {
    if (released) return
    released = true
    client.release(error)
  }
  records.on('end', () => release())
  records.on('error', (error: Error) => release(error))
  return {
    records,
    cancel() {
      if (released) return
      records.destroy()
      release(new Error('export cancelled'))
    },
  }
}
