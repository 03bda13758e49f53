import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Papa from 'papaparse'
import { ROWS_API } from '../src/common/constants.ts'
import { writeLeadList } from './lib/lead-list.ts'
import { startBenchServer, uploadFile, waitForImport, type Backend, type BenchServer } from './lib/server.ts'
import { round2 } from './lib/stats.ts'

type Report = (name: string, value: number, unit: string) => void

/** Rows of the lead list: imported once, then added again by API in calls of ROWS_API.maxRowsPerCall. */
const ROWS = 50_000

/**
 * Rows added by API (issue 33) beside the import's own rate, in the same run on the same server
 * and the same rows: the lead list is imported as a user uploads it (upload to `completed`), then
 * its rows are added to that file by a script with a token, 10,000 a call, as JSON keyed by the
 * columns' names (`rows_api_rows_per_s_*`) and as CSV bodies (`rows_api_csv_rows_per_s_*`), one
 * call after another, each timed from the request to its answer. The ratio is API rows/s over the
 * import's rows/s (higher is better). The file grows from 50,000 to 150,000 rows meanwhile.
 */
export async function runRowsApiBench(backends: Backend[], report: Report) {
  const dir = mkdtempSync(join(tmpdir(), 'rowcraft-bench-rows-api-'))
  try {
    const file = join(dir, 'leads-rows-api.csv')
    await writeLeadList(file, Infinity, 3, ROWS)
    const parsed = Papa.parse<string[]>(readFileSync(file, 'utf8').trim(), { skipEmptyLines: true })
    const [header, ...rows] = parsed.data as [string[], ...string[][]]
    const calls = Math.ceil(rows.length / ROWS_API.maxRowsPerCall)
    const slice = (i: number) => rows.slice(i * ROWS_API.maxRowsPerCall, (i + 1) * ROWS_API.maxRowsPerCall)
    const jsonBodies = Array.from({ length: calls }, (_, i) =>
      JSON.stringify({ rows: slice(i).map((cells) => Object.fromEntries(header.map((name, c) => [name, cells[c] ?? '']))) }),
    )
    const csvBodies = Array.from({ length: calls }, (_, i) => Papa.unparse([header, ...slice(i)]))

    for (const backend of backends) {
      const suffix = backend === 'pg' ? '_pg' : '_pglite'
      const server = await startBenchServer(backend)
      try {
        const token = await writeToken(server)
        const started = Date.now()
        const uploadId = await uploadFile(server, file)
        const imported = await waitForImport(server, uploadId)
        const importSeconds = (Date.now() - started) / 1000
        const json = await timeCalls(server, token, uploadId, jsonBodies, 'application/json')
        const csv = await timeCalls(server, token, uploadId, csvBodies, 'text/csv')
        const importRate = Math.round(imported / importSeconds)
        const jsonRate = Math.round(json.rows / json.seconds)
        console.error(`${backend}: imported ${imported} rows in ${importSeconds} s; API calls (s): json ${json.each.join(', ')}; csv ${csv.each.join(', ')}`)
        report(`rows_api_import_rows_per_s${suffix}`, importRate, 'rows/s')
        report(`rows_api_rows_per_s${suffix}`, jsonRate, 'rows/s')
        report(`rows_api_csv_rows_per_s${suffix}`, Math.round(csv.rows / csv.seconds), 'rows/s')
        report(`rows_api_ratio_to_import${suffix}`, round2(jsonRate / importRate), 'ratio')
      } finally {
        await server.stop()
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A read-write token of the bench user: the script's way in, as a CRM sync would call. */
async function writeToken(server: BenchServer): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/api-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.baseUrl },
    body: JSON.stringify({ name: 'bench rows', scope: 'read_write' }),
  })
  if (res.status !== 201) throw new Error(`token failed: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

async function timeCalls(server: BenchServer, token: string, uploadId: string, bodies: string[], contentType: string) {
  let rows = 0
  let seconds = 0
  const each: number[] = []
  for (const body of bodies) {
    const started = performance.now()
    const res = await fetch(`${server.baseUrl}/api/uploads/${uploadId}/rows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body,
    })
    const answer = (await res.json()) as { added?: number }
    const elapsed = (performance.now() - started) / 1000
    if (res.status !== 201 || answer.added === undefined) throw new Error(`adding rows failed: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`)
    rows += answer.added
    seconds += elapsed
    each.push(round2(elapsed))
  }
  return { rows, seconds, each }
}
