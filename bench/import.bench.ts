import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeLeadList } from './lib/lead-list.ts'
import { startBenchServer, uploadFile, waitForImport, waitForJobs, type Backend } from './lib/server.ts'

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
        const smallRows = await waitForImport(server, await uploadFile(server, small))
        report(`import_10mb_s${suffix}`, (Date.now() - warm) / 1000, 's')
        console.error(`${backend}: 10 MB, ${smallRows} rows`)
        // The 100 MB import goes into a database that holds an upload with all its indexes built.
        await waitForJobs(server)

        const started = Date.now()
        const rows = await waitForImport(server, await uploadFile(server, large))
        const seconds = (Date.now() - started) / 1000
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
