import type { Writable } from 'node:stream'
import { once } from 'node:events'
import { from as copyFrom } from 'pg-copy-streams'
import { driver, type Driver } from '#server/db/client'
import { copyText, type RowCells } from './lib/copy-text.ts'

/**
 * Loads one upload's rows into its own partition of `csv_rows`: created bare, filled (COPY on
 * PostgreSQL, batched INSERTs on PGlite), then given its primary key and attached. Indexes are
 * built after the load because a loaded index slows COPY twentyfold (STACK-NOTES).
 */

export type RowToWrite = RowCells

export type RowWriter = {
  write: (rows: RowToWrite[]) => Promise<void>
  /** Rows already serialised with `copyText` (by the import worker thread). */
  writeText: (text: string) => Promise<void>
  /** Builds the primary key and attaches the partition: the rows become visible. */
  finish: () => Promise<void>
  /** Drops whatever was written. */
  abort: () => Promise<void>
}

/**
 * PGlite stores each row's search text: without an index (see `buildSearchIndex`) computing it
 * per search took seconds on 100,000 rows. PostgreSQL computes it while building its index.
 */
export const storesSearchText = () => driver.kind === 'pglite'

export function partitionName(uploadId: string) {
  return `csv_rows_u_${uploadId.replace(/-/g, '')}`
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

async function exec(d: Driver, sqlText: string) {
  if (d.kind === 'pglite') await d.client.exec(sqlText)
  else await d.pool.query(sqlText)
}

export async function openRowWriter({ uploadId }: { uploadId: string }): Promise<RowWriter> {
  if (!uuidPattern.test(uploadId)) throw new Error(`Not an upload id: ${uploadId}`)
  const table = partitionName(uploadId)
  const d = driver

  // A retried job starts again from nothing: the partition of an earlier attempt goes first.
  await exec(d, `DROP TABLE IF EXISTS "${table}"; CREATE TABLE "${table}" (LIKE csv_rows INCLUDING DEFAULTS);`)

  const finishSql = `
    ALTER TABLE "${table}" ADD PRIMARY KEY (upload_id, row_index);
    ALTER TABLE "${table}" ADD CONSTRAINT "${table}_upload_check" CHECK (upload_id = '${uploadId}');
    ALTER TABLE csv_rows ATTACH PARTITION "${table}" FOR VALUES IN ('${uploadId}');
    ALTER TABLE "${table}" DROP CONSTRAINT "${table}_upload_check";`

  const withSearchText = d.kind === 'pglite'
  const copySql = `COPY "${table}" (upload_id, row_index, data${withSearchText ? ', search_text' : ''}) FROM STDIN`

  if (d.kind === 'pglite') {
    // PGlite's COPY reads a Blob in place of STDIN: the same text format as on PostgreSQL.
    const writeText = async (text: string) => {
      if (text === '') return
      await d.client.query(copySql.replace('STDIN', "'/dev/blob'"), [], { blob: new Blob([text]) })
    }
    return {
      write: (rows) => writeText(copyText(uploadId, rows, { withSearchText })),
      writeText,
      finish: () => exec(d, finishSql),
      abort: () => exec(d, `DROP TABLE IF EXISTS "${table}"`),
    }
  }

  const client = await d.pool.connect()
  const copy: Writable = client.query(copyFrom(copySql))
  let copyError: Error | undefined
  copy.on('error', (error: Error) => (copyError = error))
  let released = false
  const release = () => {
    if (!released) client.release()
    released = true
  }

  const writeText = async (text: string) => {
    if (copyError) throw copyError
    if (text !== '' && !copy.write(text)) await once(copy, 'drain')
  }
  return {
    write: (rows) => writeText(copyText(uploadId, rows, { withSearchText })),
    writeText,
    async finish() {
      if (copyError) throw copyError
      copy.end()
      await once(copy, 'finish')
      release()
      await exec(d, finishSql)
    },
    async abort() {
      if (!released) {
        copy.destroy()
        client.release(true)
        released = true
      }
      await exec(d, `DROP TABLE IF EXISTS "${table}"`)
    },
  }
}

/**
 * The trigram index that makes search fast, on PostgreSQL only, built concurrently after the rows
 * are visible. PGlite runs in the server's own thread: a build there would freeze every request
 * for as long as it takes (about 50 s for 460,000 rows), so PGlite searches scan the partition.
 */
export async function buildSearchIndex(uploadId: string): Promise<boolean> {
  if (driver.kind === 'pglite') return false
  const table = partitionName(uploadId)
  const client = await driver.pool.connect()
  try {
    await client.query(`SET maintenance_work_mem = '256MB'`)
    await client.query(
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS "${table}_search_idx" ON "${table}" USING gin (rowcraft_row_text(data) gin_trgm_ops)`,
    )
    return true
  } finally {
    client.release()
  }
}

export async function dropRows(uploadId: string) {
  await exec(driver, `DROP TABLE IF EXISTS "${partitionName(uploadId)}"`)
}
