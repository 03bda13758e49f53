import { createReadStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'

/**
 * Bare PostgreSQL references for the bench's ratios, run from the bench process on the bench
 * server's own database and data, in the same run as the figure they stand beside: what the
 * database does with the same work and none of ours (no HTTP, no parsing in Node, no jsonb).
 */

async function withClient<T>(databaseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** The rows table of an upload (row-writer.ts's partition name). */
export const partitionOf = (uploadId: string) => `csv_rows_u_${uploadId.replace(/-/g, '')}`

/** `c1 text, c2 text, ...`: a plain table as wide as the file. */
export const textColumnsDdl = (count: number) => Array.from({ length: count }, (_, i) => `c${i + 1} text`).join(', ')

/**
 * `COPY ... FROM STDIN (FORMAT csv, HEADER)` of the file into a fresh plain table of `columns`
 * text columns (dropped after): seconds from the COPY's start to its end.
 */
export async function bareCopyInSeconds(databaseUrl: string, file: string, columns: number): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const table = `bench_bare_import_${Date.now()}`
    await client.query(`CREATE TABLE ${table} (${textColumnsDdl(columns)})`)
    try {
      const started = performance.now()
      await pipeline(createReadStream(file, { highWaterMark: 1 << 20 }), client.query(copyFrom(`COPY ${table} FROM STDIN (FORMAT csv, HEADER)`)))
      return (performance.now() - started) / 1000
    } finally {
      await client.query(`DROP TABLE IF EXISTS ${table}`)
    }
  })
}

/** The SELECT of the bare export: each source column's text, in row order, as the export reads them. */
export const bareExportSql = (uploadId: string, columns: number) =>
  `COPY (SELECT ${Array.from({ length: columns }, (_, i) => `data ->> 'c${i + 1}'`).join(', ')} FROM "${partitionOf(uploadId)}" ORDER BY row_index) TO STDOUT (FORMAT csv)`

/** `COPY (SELECT the same columns) TO STDOUT (FORMAT csv)` of an upload's rows: bytes and MB/s. */
export async function bareCopyOut(databaseUrl: string, uploadId: string, columns: number): Promise<{ bytes: number; mbPerSecond: number }> {
  return withClient(databaseUrl, async (client) => {
    const started = performance.now()
    let bytes = 0
    for await (const chunk of client.query(copyTo(bareExportSql(uploadId, columns))) as AsyncIterable<Buffer>) bytes += chunk.length
    const seconds = (performance.now() - started) / 1000
    return { bytes, mbPerSecond: bytes / 1e6 / seconds }
  })
}

/**
 * The grid search's own condition (plan-sql.ts: the row's lower-cased text `LIKE '%term%'`) on the
 * upload's trigram index, one page of rows and nothing else (no count, no session, no JSON).
 */
export const bareSearchSql = (uploadId: string) => `SELECT row_index, data FROM "${partitionOf(uploadId)}" WHERE rowcraft_row_text(data) LIKE $1 LIMIT 50`

/** A connection that times the bare search: ms per query. */
export async function openBareSearch(databaseUrl: string, uploadId: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const text = bareSearchSql(uploadId)
  return {
    async timeMs(term: string) {
      const started = performance.now()
      const { rows } = await client.query({ text, values: [`%${term.toLowerCase()}%`] })
      if (rows.length === 0) throw new Error(`bare search for ${term} found nothing`)
      return performance.now() - started
    },
    close: () => client.end(),
  }
}
