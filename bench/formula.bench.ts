import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bareUpdateSeconds, countDifferentValues } from './lib/bare-pg.ts'
import { LEAD_HEADER, writeLeadList } from './lib/lead-list.ts'
import { startBenchServer, uploadFile, waitForImport, type Backend, type BenchServer } from './lib/server.ts'
import { round2 } from './lib/stats.ts'

type Report = (name: string, value: number, unit: string) => void

/** Rows of the file: the million on PostgreSQL; PGlite (one process, in memory) a fifth. */
const ROWS: Record<Backend, number> = { pg: 1_000_000, pglite: 200_000 }
/** Each round rewrites every row twice, and the table grows: a third round took 3 to 6 times the first two. */
const ROUNDS = 2
/** The import keys columns c1..cN in the header's order. */
const EMAIL_KEY = `c${LEAD_HEADER.indexOf('Email') + 1}`

/**
 * A formula column created and filled (issue 32): `POST /api/uploads/:id/columns` with
 * `LOWER({Email})`, timed from the request to its answer (the column is computed for every row in
 * that transaction), on a file of ROWS rows. Beside it on PostgreSQL, in the same run on the same
 * rows, a bare `UPDATE` writing the same values with hand-written SQL; each round creates one
 * column, then runs one bare update (the table grows alike for both). The ratio is bare seconds
 * over the formula's (1 would be no overhead; the issue asks at least 0.7). The faster of ROUNDS rounds each.
 */
export async function runFormulaBench(backends: Backend[], report: Report) {
  const dir = mkdtempSync(join(tmpdir(), 'rowcraft-bench-formula-'))
  try {
    for (const backend of backends) {
      const suffix = backend === 'pg' ? '_pg' : '_pglite'
      const file = join(dir, `leads-formula-${backend}.csv`)
      await writeLeadList(file, Infinity, 5, ROWS[backend])
      const server = await startBenchServer(backend, { maxUploadMb: 1024 })
      try {
        const uploadId = await uploadFile(server, file)
        const rows = await waitForImport(server, uploadId, 1_200_000)
        const formulaSeconds: number[] = []
        const bareSeconds: number[] = []
        for (let round = 0; round < ROUNDS; round += 1) {
          const { seconds, key } = await createFormulaColumn(server, uploadId, `Email lower ${round}`, 'LOWER({Email})')
          formulaSeconds.push(seconds)
          if (server.databaseUrl) {
            const valueSql = `lower(data ->> '${EMAIL_KEY}')`
            const different = await countDifferentValues(server.databaseUrl, uploadId, key, valueSql)
            if (different > 0) throw new Error(`the formula column differs from the bare SQL on ${different} rows`)
            bareSeconds.push(await bareUpdateSeconds(server.databaseUrl, uploadId, `bare_${round}`, valueSql))
          }
        }
        const formula = Math.min(...formulaSeconds)
        console.error(`${backend}: ${rows} rows; formula column (s): ${formulaSeconds.map(round2).join(', ')}; bare UPDATE (s): ${bareSeconds.map(round2).join(', ')}`)
        report(`formula_column_s${suffix}`, round2(formula), 's')
        if (bareSeconds.length > 0) {
          const bare = Math.min(...bareSeconds)
          report(`formula_bare_update_s${suffix}`, round2(bare), 's')
          report(`formula_ratio_to_bare${suffix}`, round2(bare / formula), 'ratio')
        }
      } finally {
        await server.stop()
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function createFormulaColumn(server: BenchServer, uploadId: string, name: string, formula: string) {
  const started = performance.now()
  const res = await fetch(`${server.baseUrl}/api/uploads/${uploadId}/columns`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.baseUrl },
    body: JSON.stringify({ name, formula }),
  })
  const seconds = (performance.now() - started) / 1000
  if (res.status !== 201) throw new Error(`formula column failed: ${res.status} ${await res.text()}`)
  const { key } = (await res.json()) as { key: string }
  return { seconds, key }
}
