import type { Writable } from 'node:stream'
import { once } from 'node:events'
import { from as copyFrom } from 'pg-copy-streams'
import { driver, type Driver } from '#server/db/client'

/**
 * Loads one upload's rows into its own partition of `csv_rows`: created bare, filled (COPY on
 * PostgreSQL, batched INSERTs on PGlite), then given its primary key and attached. Indexes are
 * built after the load because a loaded index slows COPY twentyfold (STACK-NOTES).
 */

export type RowToWrite = { index: number; cells: string[] }

export type RowWriter = {
  write: (rows: RowToWrite[]) => Promise<void>
  /** Builds the primary key and attaches the partition: the rows become visible. */
  finish: () => Promise<void>
  /** Drops whatever was written. */
  abort: () => Promise<void>
}

export function partitionName(uploadId: string) {
  return `csv_rows_u_${uploadId.replace(/-/g, '')}`
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

async function exec(d: Driver, sqlText: string) {
  if (d.kind === 'pglite') await d.client.exec(sqlText)
  else await d.pool.query(sqlText)
}

/** The stable key of the source column at a 0-based position: c1, c2, ... */
export const sourceColumnKey = (position: number) => `c${position + 1}`

const quotedKeys: string[] = []
const quotedKey = (i: number) => (quotedKeys[i] ??= `${JSON.stringify(sourceColumnKey(i))}:`)

/** Serialises a row's data as JSON keyed by column key; empty cells are left out. */
function rowJson(cells: string[]): string {
  let json = '{'
  let first = true
  for (let i = 0; i < cells.length; i += 1) {
    const value = cells[i]
    if (!value) continue
    json += (first ? '' : ',') + quotedKey(i) + JSON.stringify(value)
    first = false
  }
  return json + '}'
}

/** The lower-cased cell values the trigram search index reads. */
export function searchTextOf(cells: string[]): string {
  let text = ''
  for (const cell of cells) {
    if (cell) text += (text ? ' ' : '') + cell
  }
  return text.toLowerCase()
}

/** COPY text format: backslash, tab, newline and carriage return are escaped. */
function copyEscape(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : value
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

  if (d.kind === 'pglite') {
    return {
      async write(rows) {
        if (rows.length === 0) return
        // One jsonb parameter per batch: far fewer round trips than one INSERT per row.
        const payload = rows.map((row) => [row.index, rowJson(row.cells), searchTextOf(row.cells)])
        await d.client.query(
          `INSERT INTO "${table}" (upload_id, row_index, data, search_text)
           SELECT $1::uuid, (e->>0)::int, (e->>1)::jsonb, e->>2 FROM jsonb_array_elements($2::jsonb) e`,
          [uploadId, JSON.stringify(payload)],
        )
      },
      finish: () => exec(d, finishSql),
      abort: () => exec(d, `DROP TABLE IF EXISTS "${table}"`),
    }
  }

  const client = await d.pool.connect()
  const copy: Writable = client.query(
    copyFrom(`COPY "${table}" (upload_id, row_index, data, search_text) FROM STDIN`),
  )
  let copyError: Error | undefined
  copy.on('error', (error: Error) => (copyError = error))
  const prefix = `${uploadId}\t`
  let released = false
  const release = () => {
    if (!released) client.release()
    released = true
  }

  return {
    async write(rows) {
      if (copyError) throw copyError
      let chunk = ''
      for (const row of rows) {
        chunk += `${prefix}${row.index}\t${copyEscape(rowJson(row.cells))}\t${copyEscape(searchTextOf(row.cells))}\n`
      }
      if (!copy.write(chunk)) await once(copy, 'drain')
    },
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

/** The trigram index that makes search fast; built after the rows are visible. */
export async function buildSearchIndex(uploadId: string) {
  const table = partitionName(uploadId)
  const create = `CREATE INDEX IF NOT EXISTS "${table}_search_idx" ON "${table}" USING gin (search_text gin_trgm_ops)`
  if (driver.kind === 'pglite') {
    await driver.client.exec(create)
    return
  }
  const client = await driver.pool.connect()
  try {
    await client.query(`SET maintenance_work_mem = '256MB'`)
    await client.query(create.replace('CREATE INDEX', 'CREATE INDEX CONCURRENTLY'))
  } finally {
    client.release()
  }
}

export async function dropRows(uploadId: string) {
  await exec(driver, `DROP TABLE IF EXISTS "${partitionName(uploadId)}"`)
}
