import { createReadStream, createWriteStream, readFileSync } from 'node:fs'
import { once } from 'node:events'
import Papa from 'papaparse'
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

/**
 * The same rows as ours store them, for the floor of any import into jsonb: the CSV turned (before
 * any timing) into a `COPY` text-format file of `row_index, data` lines, each row's values an
 * object keyed `c1`..`cN` as the import keys them.
 */
export async function writeJsonbCopyFile(csvFile: string, copyFile: string): Promise<number> {
  const { data } = Papa.parse<string[]>(readFileSync(csvFile, 'utf8'), { skipEmptyLines: true })
  const out = createWriteStream(copyFile)
  let rows = 0
  for (const cells of data.slice(1)) {
    const object: Record<string, string> = {}
    cells.forEach((value, i) => (object[`c${i + 1}`] = value))
    // COPY text format: backslashes doubled; JSON has already escaped tabs and line breaks.
    if (!out.write(`${rows}\t${JSON.stringify(object).replace(/\\/g, '\\\\')}\n`)) await once(out, 'drain')
    rows += 1
  }
  out.end()
  await once(out, 'finish')
  return rows
}

/**
 * `COPY ... FROM STDIN` of that file into a fresh plain table `(row_index int, data jsonb)`
 * (dropped after), through one connection: what PostgreSQL alone spends parsing the rows' jsonb.
 */
export async function bareJsonbCopyInSeconds(databaseUrl: string, copyFile: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const table = `bench_bare_jsonb_${Date.now()}`
    await client.query(`CREATE TABLE ${table} (row_index integer, data jsonb)`)
    try {
      const started = performance.now()
      await pipeline(createReadStream(copyFile, { highWaterMark: 1 << 20 }), client.query(copyFrom(`COPY ${table} FROM STDIN`)))
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

/**
 * The bare reference of a formula column: one `UPDATE` of every row writing, under a new key,
 * the value the formula computes, written by hand in SQL (`valueSql` over `data`). Seconds.
 */
export async function bareUpdateSeconds(databaseUrl: string, uploadId: string, key: string, valueSql: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const started = performance.now()
    await client.query(`UPDATE "${partitionOf(uploadId)}" SET data = data || jsonb_build_object('${key}', ${valueSql})`)
    return (performance.now() - started) / 1000
  })
}

/** Rows whose stored value under `key` differs from `valueSql`: 0 when a formula wrote what the bare SQL would. */
export async function countDifferentValues(databaseUrl: string, uploadId: string, key: string, valueSql: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM "${partitionOf(uploadId)}" WHERE (data ->> '${key}') IS DISTINCT FROM NULLIF(${valueSql}, '')`,
    )
    return Number(rows[0]?.n ?? 0)
  })
}

