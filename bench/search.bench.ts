import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import { writeLeadList } from './lib/lead-list.ts'
import { startBenchServer, uploadFile, waitForImport, type Backend, type BenchServer } from './lib/server.ts'
import { percentile, round1 } from './lib/stats.ts'
import { until } from '../src/server/test/until.ts'

type Report = (name: string, value: number, unit: string) => void

/** Rows across the user's files (issue 22): a million on PostgreSQL, a hundred thousand on PGlite, in 10 files. */
const ROWS: Record<Backend, number> = { pg: 1_000_000, pglite: 100_000 }
const FILES = 10
const SAMPLES = 48

/**
 * Terms of every kind, rotated: a city in a tenth of the rows, a company, a word inside notes, two
 * words, a company suffix that is also an industry, one and two characters, a phone number in a
 * handful of rows per file, and a term found nowhere (the bare reference's worst case too).
 */
const TERMS = ['osaka', 'tyrell', 'pilot', 'head of sales', 'logistics', 'q', 'lo', '+1-555-4821', 'zebrafish', 'wonka labs', 'bergen', '+1-555-90']

/**
 * The global search as a user meets it: a real server holding 10 imported lead lists with every
 * index the import builds, timed over HTTP on loopback, beside a bare trigram ILIKE over the same
 * rows (LIMIT 8, straight to the database, no ranking) measured in the same run.
 */
export async function runSearchBench(backends: Backend[], report: Report) {
  const dir = mkdtempSync(join(tmpdir(), 'rowcraft-bench-search-'))
  try {
    for (const backend of backends) {
      const suffix = backend === 'pg' ? '_pg' : '_pglite'
      const server = await startBenchServer(backend, { maxUploadMb: 100 })
      try {
        const started = Date.now()
        const uploadIds: string[] = []
        let rows = 0
        for (let n = 0; n < FILES; n += 1) {
          const file = join(dir, `leads-${backend}-${n}.csv`)
          rows += await writeLeadList(file, Infinity, 101 + n, ROWS[backend] / FILES)
          const uploadId = await uploadFile(server, file)
          await waitForImport(server, uploadId, 900_000)
          rmSync(file)
          uploadIds.push(uploadId)
        }
        await waitForIndexes(server, uploadIds)
        console.error(`${backend}: ${rows} rows in ${FILES} files imported and indexed in ${round1((Date.now() - started) / 1000)} s`)

        const bare = backend === 'pg' ? await pgBare(server, uploadIds) : null
        const searchTimes: number[] = []
        const bareTimes: number[] = []
        for (let i = -4; i < SAMPLES; i += 1) {
          const term = TERMS[Math.abs(i) % TERMS.length]!
          const elapsed = await timeSearch(server, term)
          if (i >= 0) searchTimes.push(elapsed)
          if (bare) {
            const bareElapsed = await bare.time(term)
            if (i >= 0) bareTimes.push(bareElapsed)
          }
        }
        await bare?.close()
        if (backend === 'pglite') bareTimes.push(...(await pgliteBare(server, uploadIds)))

        // Which terms cost what, for reading the figures (stderr, like the import line).
        const perTerm = TERMS.map((term, t) => `${term} ${round1(percentile(searchTimes.filter((_, i) => i % TERMS.length === t), 50))}`)
        console.error(`${backend}: search p50 per term (ms): ${perTerm.join(', ')}`)
        const p95 = round1(percentile(searchTimes, 95))
        const bareP95 = round1(percentile(bareTimes, 95))
        report(`search_p50_ms${suffix}`, round1(percentile(searchTimes, 50)), 'ms')
        report(`search_p95_ms${suffix}`, p95, 'ms')
        report(`search_bare_p50_ms${suffix}`, round1(percentile(bareTimes, 50)), 'ms')
        report(`search_bare_p95_ms${suffix}`, bareP95, 'ms')
        report(`search_vs_bare_p95${suffix}`, round1(p95 / Math.max(bareP95, 0.1)), 'x')
      } finally {
        await server.stop()
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function timeSearch(server: BenchServer, term: string): Promise<number> {
  const started = performance.now()
  const res = await fetch(`${server.baseUrl}/api/search?q=${encodeURIComponent(term)}`, { headers: { cookie: server.cookie } })
  const body = (await res.json()) as { hits?: unknown[] }
  const elapsed = performance.now() - started
  if (!res.ok || !body.hits) throw new Error(`search ${term}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`)
  if (term !== 'zebrafish' && body.hits.length === 0) throw new Error(`search ${term}: no hits`)
  return elapsed
}

const bareSql = (uploadIds: string[], text: string) =>
  `SELECT upload_id, row_index, data FROM csv_rows WHERE upload_id IN (${uploadIds.map((id) => `'${id}'`).join(', ')}) AND ${text} ILIKE $1 LIMIT 8`
const likeOf = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The bare reference on PostgreSQL: the same partitions through their trigram indexes, from a client of its own. */
async function pgBare(server: BenchServer, uploadIds: string[]) {
  const client = new pg.Client({ connectionString: server.databaseUrl })
  await client.connect()
  const text = bareSql(uploadIds, 'rowcraft_row_text(data)')
  return {
    async time(term: string) {
      const started = performance.now()
      await client.query(text, [likeOf(term)])
      return performance.now() - started
    },
    close: () => client.end(),
  }
}

/**
 * The bare reference on PGlite: the server is stopped (PGlite has one owner) and its data opened
 * here, with a trigram index built on the stored search text the server reads (the server has
 * none: decision 006), so the reference is the issue's bare trigram ILIKE on both databases.
 */
async function pgliteBare(server: BenchServer, uploadIds: string[]): Promise<number[]> {
  const pid = server.pid
  process.kill(pid, 'SIGTERM')
  await until('the server process to exit', () => !existsSync(`/proc/${pid}`), 600_000)
  const db = await PGlite.create({ dataDir: join(server.dataDir, 'pglite'), extensions: { pg_trgm } })
  try {
    await db.exec(`CREATE EXTENSION IF NOT EXISTS pg_trgm; SET maintenance_work_mem = '256MB';
      CREATE INDEX bench_bare_search ON csv_rows USING gin (search_text gin_trgm_ops); ANALYZE csv_rows`)
    const text = bareSql(uploadIds, 'search_text')
    const times: number[] = []
    for (let i = -4; i < SAMPLES; i += 1) {
      const term = TERMS[Math.abs(i) % TERMS.length]!
      const started = performance.now()
      await db.query(text, [likeOf(term)])
      if (i >= 0) times.push(performance.now() - started)
    }
    return times
  } finally {
    await db.close()
  }
}

/**
 * On PostgreSQL the search and sort indexes are built after each import, then the table is
 * vacuumed: waits until every file's search index is valid and its table vacuumed.
 */
async function waitForIndexes(server: BenchServer, uploadIds: string[]) {
  if (!server.databaseUrl) return
  const tables = uploadIds.map((id) => `csv_rows_u_${id.replace(/-/g, '')}`)
  const client = new pg.Client({ connectionString: server.databaseUrl })
  await client.connect()
  try {
    const ready = async () =>
      Number(
        (
          await client.query<{ ready: string }>(
            `SELECT count(*) AS ready FROM pg_stat_user_tables t
             WHERE t.relname = ANY($1) AND t.last_vacuum IS NOT NULL
               AND EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = t.relname || '_search_idx' AND i.indisvalid)`,
            [tables],
          )
        ).rows[0]!.ready,
      )
    await until('every file’s search index and vacuum', ready, (n) => n === tables.length, { timeoutMs: 1_800_000, everyMs: 1000 })
  } finally {
    await client.end()
  }
}
