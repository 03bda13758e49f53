import type { Writable } from 'node:stream'
import { once } from 'node:events'
import type { Pool, PoolClient } from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { driver, type Driver } from '#server/db/client'
import { yieldToForeground } from '#server/platform/foreground'
import { buildIndexConcurrently, dropTableStoppingBuilds } from './index-builds.ts'
import { COPY_BINARY_HEADER, COPY_BINARY_TRAILER, type EncodedRows } from './copy-binary.ts'

/**
 * Loads one upload's rows into its own partition of `csv_rows`: created bare, filled by binary
 * COPY, then given its primary key (on PGlite: from the start) and attached. Other indexes are
 * built after the load because a loaded index slows COPY twentyfold (STACK-NOTES). The bare table carries the upload id as its
 * column default, so rows are sent without it, and the partition's CHECK constraint from the
 * start, so attaching it does not read every row again.
 */

export type RowWriter = {
  /** Rows encoded by `copy-binary.ts` (the import worker thread, or `encodeRows`), with their duplicate labels (`row-facts.ts`) when the file has identifying columns. */
  write: (rows: EncodedRows, labels?: EncodedRows | null) => Promise<void>
  /** Builds the primary key and attaches the partition: the rows become visible. */
  finish: () => Promise<void>
  /** Drops whatever was written. */
  abort: () => Promise<void>
}

/**
 * COPY streams loading one upload at once on PostgreSQL. One server process parses the jsonb of
 * one stream, which made it the import's bottleneck: 461,000 rows took 2.1-2.3 s through one
 * stream, 1.3-1.7 s through two and 1.8 s through three on the 2-core machine.
 */
const COPY_STREAMS = 2

/**
 * PGlite stores each row's search text: without an index (see `buildSearchIndex`) computing it
 * per search took seconds on 100,000 rows. PostgreSQL computes it while building its index.
 */
export const storesSearchText = () => driver.kind === 'pglite'

export function partitionName(uploadId: string) {
  return `csv_rows_u_${uploadId.replace(/-/g, '')}`
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Drops an upload's rows: its partition, attached or still loading, whatever is being built on it, and its duplicate labels. */
export async function dropUploadRows(uploadId: string) {
  if (!uuidPattern.test(uploadId)) throw new Error(`Not an upload id: ${uploadId}`)
  await dropRowsTable(driver, partitionName(uploadId))
  await exec(driver, dropLabelsSqlOf(uploadId))
}

/** An upload's duplicate labels (its foreign key's cascade takes them with the upload too; this drops them with the rows). */
const dropLabelsSqlOf = (uploadId: string) => `DELETE FROM csv_row_duplicate_keys WHERE upload_id = '${uploadId}'`

/** PostgreSQL's concurrent index builds must not run beside the drop (index-builds.ts). */
async function dropRowsTable(d: Driver, table: string) {
  if (d.kind === 'pg') await dropTableStoppingBuilds(table)
  else await d.client.exec(`DROP TABLE IF EXISTS "${table}"`)
}

async function exec(d: Driver, sqlText: string) {
  if (d.kind === 'pglite') await d.client.exec(sqlText)
  else await d.pool.query(sqlText)
}

export async function openRowWriter({ uploadId }: { uploadId: string }): Promise<RowWriter> {
  if (!uuidPattern.test(uploadId)) throw new Error(`Not an upload id: ${uploadId}`)
  const table = partitionName(uploadId)
  const check = `${table}_upload_check`
  const d = driver

  // On PGlite the primary key is there from the start: built after the load, it was one statement
  // of 1-4 s on 461,000 rows that held every request (issue 42); kept while loading, its cost is
  // spread over the batches (the rows come in key order, so each entry goes at the index's end).
  // PostgreSQL builds it after the load, where it holds nobody: each COPY stream's server process
  // would otherwise insert between the other's entries.
  const primaryKeyAtLoad = d.kind === 'pglite'
  const primaryKeySql = `ALTER TABLE "${table}" ADD PRIMARY KEY (upload_id, row_index);`
  // A retried job starts again from nothing: the partition of an earlier attempt goes first.
  await exec(
    d,
    `DROP TABLE IF EXISTS "${table}";
    CREATE TABLE "${table}" (LIKE csv_rows INCLUDING DEFAULTS, CONSTRAINT "${check}" CHECK (upload_id = '${uploadId}'));
    ALTER TABLE "${table}" ALTER COLUMN upload_id SET DEFAULT '${uploadId}';
    ${primaryKeyAtLoad ? primaryKeySql : ''}`,
  )

  const finishSql = `
    ${primaryKeyAtLoad ? '' : primaryKeySql}
    ALTER TABLE "${table}" ALTER COLUMN upload_id DROP DEFAULT;
    ALTER TABLE csv_rows ATTACH PARTITION "${table}" FOR VALUES IN ('${uploadId}');
    ALTER TABLE "${table}" DROP CONSTRAINT "${check}";`
  const dropSql = `DROP TABLE IF EXISTS "${table}"`
  // The labels go beside the rows, in the same pass (issue 42); a retried job starts without them.
  const dropLabelsSql = dropLabelsSqlOf(uploadId)
  const labelsCopySql = 'COPY csv_row_duplicate_keys (upload_id, row_index, keys) FROM STDIN WITH (FORMAT binary)'
  await exec(d, dropLabelsSql)
  const copySql = `COPY "${table}" (row_index, data${storesSearchText() ? ', search_text' : ''}) FROM STDIN WITH (FORMAT binary)`

  if (d.kind === 'pglite') {
    // PGlite's COPY reads a Blob in place of STDIN, one whole binary stream per batch.
    const sql = copySql.replace('STDIN', "'/dev/blob'")
    const labelsSql = labelsCopySql.replace('STDIN', "'/dev/blob'")
    const copyBlob = (statement: string, rows: EncodedRows) =>
      d.client.query(statement, [], { blob: new Blob([COPY_BINARY_HEADER, rows.bytes as Uint8Array<ArrayBuffer>, COPY_BINARY_TRAILER]) })
    return {
      async write(rows, labels) {
        if (rows.count === 0) return
        await copyBlob(sql, rows)
        // PGlite runs one statement at a time on this thread: between batches, requests go first.
        await yieldToForeground()
        if (!labels || labels.count === 0) return
        await copyBlob(labelsSql, labels)
        await yieldToForeground()
      },
      async finish() {
        await yieldToForeground()
        await exec(d, finishSql)
      },
      async abort() {
        await exec(d, dropSql)
        await exec(d, dropLabelsSql)
      },
    }
  }

  const streams = await Promise.all(Array.from({ length: COPY_STREAMS }, () => openCopyStream(d.pool, copySql)))
  // Opened with the first labels: a file without identifying columns has none.
  let labelsStream: Promise<CopyStream> | undefined
  const closeAll = async (fn: (stream: CopyStream) => Promise<void>) => {
    const all = labelsStream ? [...streams, await labelsStream] : streams
    const results = await Promise.allSettled(all.map(fn))
    const failed = results.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
  }
  return {
    async write(rows, labels) {
      if (rows.count === 0) return
      if (labels && labels.count > 0) {
        labelsStream ??= openCopyStream(d.pool, labelsCopySql)
        await (await labelsStream).write(labels.bytes)
      }
      // The batch goes to a stream that has taken in its last one, so every server process parses.
      let stream = streams.find((candidate) => candidate.isReady())
      if (!stream) stream = await Promise.race(streams.map((candidate) => candidate.ready().then(() => candidate)))
      await stream.write(rows.bytes)
    },
    async finish() {
      await closeAll((stream) => stream.end())
      await exec(d, finishSql)
    },
    async abort() {
      for (const stream of streams) stream.destroy()
      if (labelsStream) (await labelsStream.catch(() => undefined))?.destroy()
      await exec(d, dropSql)
      await exec(d, dropLabelsSql)
    },
  }
}

type CopyStream = {
  /** Hands the bytes over without waiting for the stream to pass them on. */
  write: (bytes: Uint8Array) => Promise<void>
  /** Whether the stream has passed on what it was given and takes more without buffering. */
  isReady: () => boolean
  /** Resolves when it has; a failed stream rejects. */
  ready: () => Promise<void>
  end: () => Promise<void>
  destroy: () => void
}

async function openCopyStream(pool: Pool, copySql: string): Promise<CopyStream> {
  const client: PoolClient = await pool.connect()
  const copy: Writable = client.query(copyFrom(copySql))
  let failure: Error | undefined
  copy.on('error', (error: Error) => (failure = error))
  let ready: Promise<unknown> = Promise.resolve()
  let isReady = true
  let released = false
  const release = (destroy: boolean) => {
    if (released) return
    released = true
    client.release(destroy)
  }
  const write = async (bytes: Uint8Array) => {
    await ready
    if (failure) throw failure
    // Without waiting for the drain here: the other streams take the next batches meanwhile.
    if (copy.write(bytes)) return
    isReady = false
    ready = once(copy, 'drain').then(() => {
      isReady = true
    })
    // A failure reaches whoever waits next (write, ready, end), not the process as unhandled.
    ready.catch(() => {})
  }
  await write(COPY_BINARY_HEADER)
  return {
    write,
    isReady: () => isReady && !failure,
    ready: async () => {
      await ready
      if (failure) throw failure
    },
    async end() {
      await ready
      if (failure) throw failure
      copy.end(COPY_BINARY_TRAILER)
      await once(copy, 'finish')
      release(false)
    },
    destroy() {
      if (released) return
      copy.destroy()
      release(true)
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
  return buildIndexConcurrently(table, `${table}_search_idx`, 'USING gin (rowcraft_row_text(data) gin_trgm_ops)')
}

/**
 * Drops every upload row table that no upload waits for: a staging table (not attached) whose
 * upload is no longer importing or is gone, left by a process that stopped mid-import, and an
 * attached partition whose upload was deleted with its user. Returns the tables dropped.
 */
export async function dropOrphanRowTables(): Promise<string[]> {
  const query = `
    SELECT c.relname FROM pg_class c
    LEFT JOIN csv_uploads u ON c.relname = 'csv_rows_u_' || replace(u.id::text, '-', '')
    WHERE c.relkind = 'r' AND c.relname ~ '^csv_rows_u_[0-9a-f]{32}$'
      AND (u.id IS NULL OR (NOT c.relispartition AND u.status <> 'processing'))`
  const d = driver
  const { rows } = d.kind === 'pglite' ? await d.client.query<{ relname: string }>(query) : await d.pool.query<{ relname: string }>(query)
  for (const { relname } of rows) {
    await dropRowsTable(d, relname)
    // The upload id is the table name's hex: its labels go too.
    const hex = relname.slice('csv_rows_u_'.length)
    await exec(d, dropLabelsSqlOf(`${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`))
  }
  return rows.map((row) => row.relname)
}
