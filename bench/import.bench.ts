import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bareCopyInSeconds, bareJsonbCopyInSeconds, writeJsonbCopyFile } from './lib/bare-pg.ts'
import { LEAD_HEADER, writeLeadList } from './lib/lead-list.ts'
import { startBenchServer, uploadFile, waitForImport, waitForJobs, type Backend, type BenchServer } from './lib/server.ts'
import { percentile, round1, round2 } from './lib/stats.ts'

type Report = (name: string, value: number, unit: string) => void

/** How long the imported file is read after its import (`grid_read_after_import_max_ms_*`). */
const AFTER_IMPORT_SECONDS = Number(process.env.BENCH_AFTER_IMPORT_SECONDS ?? 60)

/**
 * The import as a user meets it: a real server process, a multipart upload streamed from disk,
 * the queue job, until the upload reports `completed`. The database already holds an upload,
 * whose grid is read during the import. Beside the figures, in the same run: on PostgreSQL a bare
 * `COPY` of the same file (`import_ratio_to_copy_pg`), on PGlite the same import with nobody
 * reading (`import_read_slowdown_pglite`); see bench/README.md.
 */
export async function runImportBench(backends: Backend[], report: Report) {
  const dir = mkdtempSync(join(tmpdir(), 'rowcraft-bench-files-'))
  try {
    const small = join(dir, 'leads-10mb.csv')
    const large = join(dir, 'leads-100mb.csv')
    await writeLeadList(small, 10 * 1024 * 1024, 1)
    const largeRows = await writeLeadList(large, 100 * 1024 * 1024, 2)
    console.error(`generated ${largeRows} rows in the 100 MB lead list`)
    // The same rows as COPY lines of jsonb, for PostgreSQL's second bare reference.
    const largeJsonb = join(dir, 'leads-100mb.jsonb.copy')
    if (backends.includes('pg')) await writeJsonbCopyFile(large, largeJsonb)
    const files = { small, large, largeJsonb }

    for (const backend of backends) {
      const suffix = backend === 'pg' ? '_pg' : '_pglite'
      // PGlite: the same import with nobody reading first, on a server of its own. On one server,
      // PGlite builds a large upload's sort indexes once nobody has asked for anything for 10 s
      // (decision 006), which it would then do during the next import, read or not.
      const quiet = backend === 'pglite' ? await timeImport(backend, files, { reads: false }) : undefined
      const read = await timeImport(backend, files, { reads: true })
      report(`import_10mb_s${suffix}`, read.warmSeconds, 's')
      report(`grid_read_during_import_p95_ms${suffix}`, round1(percentile(read.pageMs, 95)), 'ms')
      report(`grid_read_during_import_max_ms${suffix}`, round1(Math.max(...read.pageMs)), 'ms')
      report(`health_during_import_max_ms${suffix}`, round1(Math.max(...read.healthMs)), 'ms')
      report(`grid_read_after_import_max_ms${suffix}`, round1(Math.max(...read.afterPageMs)), 'ms')
      report(`health_after_import_max_ms${suffix}`, round1(Math.max(...read.afterHealthMs)), 'ms')
      report(`import_100mb_s${suffix}`, read.seconds, 's')
      report(`import_rows_per_s${suffix}`, Math.round(read.rows / read.seconds), 'rows/s')
      if (quiet) {
        report(`import_100mb_no_reads_s${suffix}`, quiet.seconds, 's')
        report(`import_read_slowdown${suffix}`, round2(read.seconds / quiet.seconds), 'ratio')
        console.error(`${backend}: peak RSS ${quiet.peakRssMb} MB without reads`)
      }
      if (read.bareSeconds.length > 0) {
        const bare = read.bareSeconds.reduce((sum, value) => sum + value, 0) / read.bareSeconds.length
        console.error(`${backend}: bare COPY of the 100 MB file: ${read.bareSeconds.map((value) => value.toFixed(2)).join(' s, ')} s`)
        report(`import_bare_copy_s${suffix}`, round2(bare), 's')
        report(`import_ratio_to_copy${suffix}`, round2(bare / read.seconds), 'ratio')
      }
      if (read.bareJsonbSeconds.length > 0) {
        const bare = read.bareJsonbSeconds.reduce((sum, value) => sum + value, 0) / read.bareJsonbSeconds.length
        console.error(`${backend}: bare COPY of the same rows as jsonb: ${read.bareJsonbSeconds.map((value) => value.toFixed(2)).join(' s, ')} s`)
        report(`import_bare_jsonb_copy_s${suffix}`, round2(bare), 's')
        report(`import_ratio_to_jsonb_copy${suffix}`, round2(bare / read.seconds), 'ratio')
      }
      report(`import_peak_rss_mb${suffix}`, read.peakRssMb, 'MB')
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * A server that imports the 10 MB file, sorts its grid by every column once (the first sort of a
 * column builds its index on PGlite: a cost of the first sort, not of reading during an import),
 * then imports the 100 MB file, while the 10 MB file's grid is read or not.
 */
async function timeImport(backend: Backend, files: { small: string; large: string; largeJsonb: string }, { reads: withReads }: { reads: boolean }) {
  const server = await startBenchServer(backend)
  try {
    // PostgreSQL's bare reference: the same file by `COPY ... FROM STDIN (FORMAT csv)` into a
    // plain table, on this database, once before the warm-up and once right before the import it
    // is compared with (after it, the import's index builds would compete).
    const bareSeconds: number[] = []
    const bareJsonbSeconds: number[] = []
    const bareCopy = async () => {
      if (!server.databaseUrl) return
      bareSeconds.push(await bareCopyInSeconds(server.databaseUrl, files.large, LEAD_HEADER.length))
      bareJsonbSeconds.push(await bareJsonbCopyInSeconds(server.databaseUrl, files.largeJsonb))
    }
    await bareCopy()

    const warm = Date.now()
    const smallId = await uploadFile(server, files.small)
    const smallRows = await waitForImport(server, smallId)
    const warmSeconds = (Date.now() - warm) / 1000
    console.error(`${backend}: 10 MB, ${smallRows} rows`)
    for (let column = 1; column <= LEAD_HEADER.length; column += 1) await readPage(server, `/api/uploads/${smallId}/rows?page=1&perPage=50&sort=c${column}:asc`)
    // The 100 MB import goes into a database that holds an upload with all its indexes built.
    await waitForJobs(server)
    // A new process on the same data, so the peak memory is the import's (a first start on PGlite
    // runs initdb, which alone peaks at about 830 MB).
    await server.restart()
    await bareCopy()

    const started = Date.now()
    // While it imports, the user keeps reading the other file's grid (issue 10 item 10).
    const reads = withReads ? readWhile(server, smallId) : undefined
    const largeId = await uploadFile(server, files.large)
    const rows = await waitForImport(server, largeId).finally(() => reads?.stop())
    const seconds = (Date.now() - started) / 1000
    const { pageMs, healthMs } = (await reads?.done) ?? { pageMs: [], healthMs: [] }
    console.error(`${backend}: 100 MB in ${seconds} s ${withReads ? `with ${pageMs.length} page reads` : 'without reads'}`)
    // Issue 42: then the user opens the imported file while what follows an import runs (index
    // builds, statistics, labels): its pages (unsorted: a first sort of a 461,000-row column
    // builds that column's index on PGlite, decision 006) and the health check, for a minute.
    const after = withReads ? readWhile(server, largeId, { sorts: false }) : undefined
    if (after) await new Promise((resolve) => setTimeout(resolve, AFTER_IMPORT_SECONDS * 1000))
    after?.stop()
    const { pageMs: afterPageMs, healthMs: afterHealthMs } = (await after?.done) ?? { pageMs: [], healthMs: [] }
    if (after) console.error(`${backend}: ${afterPageMs.length} page reads of the imported file in the ${AFTER_IMPORT_SECONDS} s after its import`)
    return { warmSeconds, seconds, rows, pageMs, healthMs, afterPageMs, afterHealthMs, bareSeconds, bareJsonbSeconds, peakRssMb: Math.round(server.peakRssMb()) }
  } finally {
    await server.stop()
  }
}

const sayFailedRead = (error: unknown) => console.error(`a read failed: ${error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error)}`)

async function readPage(server: BenchServer, path: string) {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { cookie: server.cookie } })
  await res.arrayBuffer()
  if (!res.ok) throw new Error(`${path}: ${res.status}`)
}

/**
 * Reads pages of an imported upload's grid (varying page and sort) and the health check, one
 * request after another with a 200 ms pause, until stopped; the latencies of each.
 */
function readWhile(server: BenchServer, uploadId: string, { sorts = true } = {}) {
  let stopped = false
  const pageMs: number[] = []
  const healthMs: number[] = []
  const timed = async (path: string, into: number[]) => {
    const started = performance.now()
    await readPage(server, path)
    into.push(performance.now() - started)
  }
  const done = (async () => {
    for (let i = 0; !stopped; i += 1) {
      const sort = sorts && i % 4 === 3 ? `&sort=c${1 + (i % 13)}:asc` : ''
      // A read that fails (a connection reset) is said and the reads go on: thrown here, it ended
      // the bench without stopping its server.
      await timed(`/api/uploads/${uploadId}/rows?page=${1 + (i % 20)}&perPage=50${sort}`, pageMs).catch(sayFailedRead)
      await timed('/api/health', healthMs).catch(sayFailedRead)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    return { pageMs, healthMs }
  })()
  return { done, stop: () => void (stopped = true) }
}
