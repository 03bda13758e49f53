import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AiField } from '../src/common/schemas/enrichment.ts'
import { providerShapes, startFakeSource } from '../src/server/test/fake-http-source.ts'
import { until } from '../src/server/test/until.ts'
import { benchApi, startBenchServer, uploadFile, waitForImport, type Backend } from './lib/server.ts'
import { round1 } from './lib/stats.ts'

type Report = (name: string, value: number, unit: string) => void

const ROWS = Number(process.env.BENCH_HTTP_ROWS ?? 10_000)
const CONCURRENCY = 16
const LATENCY_MS = 50

/**
 * HTTP API columns (issue 43): a 10,000-row run against a local JSON API answering in Hunter's
 * shape after a fixed latency, through a real server process. `http_column_efficiency` is the
 * achieved cells/s over what the source allows (the column's concurrency / the latency).
 */
export async function runHttpBench(backends: Backend[], report: Report) {
  const dir = mkdtempSync(join(tmpdir(), 'rowcraft-bench-http-'))
  const source = await startFakeSource()
  source.reset((request) => ({ ...providerShapes(request), delayMs: LATENCY_MS }))
  Object.assign(process.env, { ALLOW_PRIVATE_SOURCE_URLS: 'true', LOG_LEVEL: 'warn' })
  try {
    for (const backend of backends) {
      const suffix = backend === 'pg' ? '_pg' : '_pglite'
      const cellsPerSecond = await timeRun(backend, source.url, dir)
      report(`http_column_cells_per_s${suffix}`, round1(cellsPerSecond), 'cells/s')
      report(`http_column_efficiency${suffix}`, Math.round((cellsPerSecond / (CONCURRENCY / (LATENCY_MS / 1000))) * 100) / 100, 'ratio')
    }
  } finally {
    await source.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function timeRun(backend: Backend, sourceUrl: string, dir: string) {
  const file = join(dir, `people-${ROWS}.csv`)
  const lines = ['First Name,Last Name,Domain']
  for (let i = 0; i < ROWS; i += 1) lines.push(`Person${i},Last${i},company${i}.example`)
  writeFileSync(file, `${lines.join('\n')}\n`)
  const server = await startBenchServer(backend)
  try {
    await benchApi(server, '/api/billing/checkout', { json: {} })
    await benchApi(server, '/api/secrets/HUNTER_API_KEY', { method: 'PUT', json: { value: 'hunter-secret-key' } })
    const uploadId = await uploadFile(server, file)
    await waitForImport(server, uploadId)
    const field = (await benchApi(server, `/api/uploads/${uploadId}/http-fields`, {
      json: {
        request: {
          url: `${sourceUrl}/v2/email-finder`,
          headers: [{ name: 'X-API-KEY', value: '{secret:HUNTER_API_KEY}' }],
          query: [
            { name: 'domain', value: '{Domain}' },
            { name: 'first_name', value: '{First Name}' },
            { name: 'last_name', value: '{Last Name}' },
          ],
        },
        outputs: [
          { name: 'Email', path: 'data.email' },
          { name: 'Email score', path: 'data.score' },
        ],
        limits: { concurrency: CONCURRENCY },
      },
    })) as AiField
    await benchApi(server, `/api/uploads/${uploadId}/ai-fields/${field.id}/runs`, { json: { scope: 'all' } })
    const done = await until(
      'the run to complete',
      async () => (await benchApi(server, `/api/uploads/${uploadId}/ai-fields/${field.id}`)) as AiField,
      (f) => f.status === 'completed',
      { timeoutMs: 3_600_000, everyMs: 1000 },
    )
    if (done.counts.done !== ROWS) throw new Error(`run ended with ${JSON.stringify(done.counts)}`)
    const seconds = (Date.parse(done.run!.finishedAt!) - Date.parse(done.run!.startedAt)) / 1000
    console.error(`${backend}: ${ROWS} requests at concurrency ${CONCURRENCY}, ${LATENCY_MS} ms each: ${round1(seconds)} s`)
    return ROWS / seconds
  } finally {
    await server.stop()
  }
}
