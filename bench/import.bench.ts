import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeLeadList } from './lib/lead-list.ts'
import { startBenchServer, uploadFile, waitForImport, waitForJobs, type Backend, type BenchServer } from './lib/server.ts'
import { percentile, round1 } from './lib/stats.ts'

/**
 * The import as a user meets it: a real server process, a multipart upload streamed from disk,
 * the queue job, until the upload reports `completed`. The database already holds an upload.
 */
export async function runImportBench(backends: Backend[], report: (name: string, value: number, unit: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'rowcraft-bench-files-'))
  try {
    const small = join(dir, 'leads-10mb.csv')
    const large = join(dir, 'leads-100mb.csv')
    await writeLeadList(small, 10 * 1024 * 1024, 1)
    const largeRows = await writeLeadList(large, 100 * 1024 * 1024, 2)
    console.error(`generated ${largeRows} rows in the 100 MB lead list`)

    for (const backend of backends) {
      const suffix = backend === 'pg' ? '_pg' : '_pglite'
      const server = await startBenchServer(backend)
      try {
        const warm = Date.now()
        const smallId = await uploadFile(server, small)
        const smallRows = await waitForImport(server, smallId)
        report(`import_10mb_s${suffix}`, (Date.now() - warm) / 1000, 's')
        console.error(`${backend}: 10 MB, ${smallRows} rows`)
        // The 100 MB import goes into a database that holds an upload with all its indexes built.
        await waitForJobs(server)

        const started = Date.now()
        // While it imports, the user keeps reading the other file's grid (issue 10 item 10).
        const reads = readWhile(server, smallId)
        const rows = await waitForImport(server, await uploadFile(server, large)).finally(() => reads.stop())
        const seconds = (Date.now() - started) / 1000
        const { pageMs, healthMs } = await reads.done
        report(`grid_read_during_import_p95_ms${suffix}`, round1(percentile(pageMs, 95)), 'ms')
        report(`grid_read_during_import_max_ms${suffix}`, round1(Math.max(...pageMs)), 'ms')
        report(`health_during_import_max_ms${suffix}`, round1(Math.max(...healthMs)), 'ms')
        console.error(`${backend}: ${pageMs.length} page reads during the import`)
        report(`import_100mb_s${suffix}`, seconds, 's')
        report(`import_rows_per_s${suffix}`, Math.round(rows / seconds), 'rows/s')
        report(`import_peak_rss_mb${suffix}`, Math.round(server.peakRssMb()), 'MB')
      } finally {
        await server.stop()
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Reads pages of an imported upload's grid (varying page and sort) and the health check, one
 * request after another with a 200 ms pause, until stopped; the latencies of each.
 */
function readWhile(server: BenchServer, uploadId: string) {
  let stopped = false
  const pageMs: number[] = []
  const healthMs: number[] = []
  const timed = async (path: string, into: number[]) => {
    const started = performance.now()
    const res = await fetch(`${server.baseUrl}${path}`, { headers: { cookie: server.cookie } })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${path}: ${res.status}`)
    into.push(performance.now() - started)
  }
  const done = (async () => {
    for (let i = 0; !stopped; i += 1) {
      const sort = i % 4 === 3 ? `&sort=c${1 + (i % 13)}:asc` : ''
      await timed(`/api/uploads/${uploadId}/rows?page=${1 + (i % 20)}&perPage=50${sort}`, pageMs)
      await timed('/api/health', healthMs)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    return { pageMs, healthMs }
  })()
  return { done, stop: () => void (stopped = true) }
}
