import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { AiField } from '../src/common/schemas/enrichment.ts'
import { startFakeAiServer, type FakeAiServer } from '../src/server/test/fake-ai-server.ts'
import { startLeanProvider, type LeanProvider } from './lib/lean-provider.ts'
import { benchApi, startBenchServer, uploadFile, waitForImport, type Backend } from './lib/server.ts'
import { round1 } from './lib/stats.ts'
import { until } from '../src/server/test/until.ts'

type Report = (name: string, value: number, unit: string) => void

/**
 * AI column runs (issue 12) against a local OpenAI-compatible fake with a fixed latency, through
 * a real server process: create a field, start a run over HTTP, time it until the field is done.
 * Efficiency is the achieved cells/s over the ideal concurrency / latency.
 */
export async function runEnrichBench(backends: Backend[], report: Report) {
  const dir = mkdtempSync(join(tmpdir(), 'rowcraft-bench-enrich-'))
  const testServer = await startFakeAiServer()
  const fake = testFake(testServer)
  const lean = await startLeanProvider()
  try {
    for (const backend of process.env.BENCH_ENRICH_SKIP_EFFICIENCY ? [] : backends) {
      const suffix = backend === 'pg' ? '_pg' : '_pglite'
      const measured = await timeRun({ backend, provider: fake, dir, rows: 2000, concurrency: 32, latencyMs: 100 })
      report(`enrich_rows_per_s${suffix}`, round1(measured.cellsPerSecond), 'cells/s')
      report(`enrich_efficiency${suffix}`, Math.round((measured.cellsPerSecond / (32 / 0.1)) * 100) / 100, 'ratio')
    }
    const backend = backends.includes('pg') ? 'pg' : 'pglite'
    const repeated = await timeRun({ backend, provider: fake, dir, rows: 1000, concurrency: 16, latencyMs: 20, repeatShare: 0.4 })
    report('enrich_calls_per_unique_input', Math.round((repeated.calls / repeated.uniqueInputs) * 100) / 100, 'ratio')
    if (backends.includes('pg') && !process.env.BENCH_ENRICH_SKIP_FAST) {
      // Our own cost per cell: the provider is the lean one (bench/lib/lean-provider.ts), whose
      // CPU takes less of the two cores the server and PostgreSQL need. BENCH_FAST_PROVIDER=test
      // runs it against the test fake instead, for comparison.
      const provider = process.env.BENCH_FAST_PROVIDER === 'test' ? fake : lean
      const fast = await timeRun({ backend: 'pg', provider, dir, rows: 20_000, concurrency: 64, latencyMs: 10 })
      report('enrich_fast_cells_per_s_pg', Math.round(fast.cellsPerSecond), 'cells/s')
      // The same calls with nothing else: what this machine allows, measured in the same run.
      provider.reset({ latencyMs: 10 })
      const bare = await bareCallsPerSecond(provider.openaiBaseURL, 20_000, 64)
      report('enrich_fast_bare_calls_per_s', bare, 'calls/s')
      report('enrich_fast_ratio_to_bare_pg', Math.round((fast.cellsPerSecond / bare) * 100) / 100, 'ratio')
    }
  } finally {
    await testServer.stop()
    await lean.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Provider calls a second with no database (bench/lib/bare-calls.ts, its own process; the fake answers from this one). */
async function bareCallsPerSecond(baseURL: string, calls: number, concurrency: number) {
  const script = join(import.meta.dirname, 'lib/bare-calls.ts')
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, baseURL, String(calls), String(concurrency)], { encoding: 'utf8' })
  const bare = JSON.parse(stdout) as { callsPerSecond: number; cpuMsPerCall: number }
  console.error(`bare calls: ${calls} at concurrency ${concurrency}: CPU a call ${bare.cpuMsPerCall.toFixed(2)} ms`)
  return bare.callsPerSecond
}

/** What a run needs of the provider: the test fake, or the lean one. */
type BenchProvider = Pick<LeanProvider, 'openaiBaseURL' | 'answered' | 'maxInFlight' | 'reset'>

function testFake(fake: FakeAiServer): BenchProvider {
  return {
    openaiBaseURL: fake.openaiBaseURL,
    get answered() {
      return fake.answeredCalls.length
    },
    get maxInFlight() {
      return fake.maxInFlight
    },
    reset: ({ latencyMs }) => fake.reset({ latencyMs, answer: ({ fallback }) => fallback() }),
  }
}

type RunOptions = { backend: Backend; provider: BenchProvider; dir: string; rows: number; concurrency: number; latencyMs: number; repeatShare?: number }

/** A lead list whose companies are unique, or where `repeatShare` of the rows repeat an earlier row's company. */
function writeList(path: string, rows: number, repeatShare: number) {
  const lines = ['Name,Company,Employees']
  const unique = Math.round(rows * (1 - repeatShare))
  for (let i = 0; i < rows; i += 1) {
    const company = i < unique ? i : (i * 7919) % unique
    lines.push(`Person ${i},Company ${company},${10 + (company % 500)}`)
  }
  writeFileSync(path, `${lines.join('\n')}\n`)
  return unique
}

/** CPU time (user + system) a process has used so far, from /proc (Linux), so a figure can be read apart from the machine's load. */
function processCpuMs(pid: number) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return Number.NaN
  }
}

/** CPU time of the PostgreSQL backends serving a database (its connections now), by process id. */
async function backendCpuMs(databaseUrl: string | undefined): Promise<Map<number, number>> {
  const cpu = new Map<number, number>()
  if (!databaseUrl) return cpu
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')
    for (const { pid } of rows) cpu.set(pid, processCpuMs(pid))
  } finally {
    await client.end()
  }
  return cpu
}

async function timeRun(options: RunOptions) {
  const { backend, provider, rows, concurrency, latencyMs } = options
  provider.reset({ latencyMs })
  Object.assign(process.env, {
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: provider.openaiBaseURL,
    AI_MODEL: 'fake-model',
    AI_CONCURRENCY: String(concurrency),
    LOG_LEVEL: 'warn',
  })
  const file = join(options.dir, `enrich-${rows}.csv`)
  const uniqueInputs = writeList(file, rows, options.repeatShare ?? 0)
  const server = await startBenchServer(backend)
  try {
    await benchApi(server, '/api/billing/checkout', { json: {} })
    if (server.databaseUrl) {
      const client = new pg.Client({ connectionString: server.databaseUrl })
      await client.connect()
      await client.query('UPDATE subscribers SET current_credits = $1', [rows * 2])
      await client.end()
    }
    const uploadId = await uploadFile(server, file)
    await waitForImport(server, uploadId)
    const field = (await benchApi(server, `/api/uploads/${uploadId}/ai-fields`, { json: { name: 'Summary', prompt: 'Summarise {Company} in one line.' } })) as AiField
    provider.reset({ latencyMs })
    const dbCpuBefore = await backendCpuMs(server.databaseUrl)
    const cpuBefore = processCpuMs(server.pid)
    const providerCpuBefore = process.cpuUsage()
    await benchApi(server, `/api/uploads/${uploadId}/ai-fields/${field.id}/runs`, { json: { scope: 'all' } })
    // Polled slowly enough not to load the server (the app polls every 1.5 s); the time is the server's own.
    const done = await until(
      'the run to complete',
      async () => (await benchApi(server, `/api/uploads/${uploadId}/ai-fields/${field.id}`)) as AiField,
      (field) => field.status === 'completed',
      { timeoutMs: 3_600_000, everyMs: 1000 },
    )
    // The run's own start and end, as the server recorded them: from the request that queued the
    // cells to the write of the last one.
    const seconds = (Date.parse(done.run!.finishedAt!) - Date.parse(done.run!.startedAt)) / 1000
    const cpuPerCell = (processCpuMs(server.pid) - cpuBefore) / rows
    const dbCpuAfter = await backendCpuMs(server.databaseUrl)
    const dbCpuPerCell = [...dbCpuAfter].reduce((sum, [pid, ms]) => sum + (Number.isFinite(ms) ? ms - (dbCpuBefore.get(pid) ?? 0) : 0), 0) / rows
    const providerCpu = process.cpuUsage(providerCpuBefore)
    const providerCpuPerCell = (providerCpu.user + providerCpu.system) / 1000 / rows
    if (done.counts.done !== rows) throw new Error(`run ended with ${JSON.stringify(done.counts)}`)
    console.error(`${backend}: ${rows} cells at concurrency ${concurrency}, ${latencyMs} ms: ${round1(seconds)} s, ${provider.answered} calls, max in flight ${provider.maxInFlight}, CPU a cell: server ${cpuPerCell.toFixed(2)} ms, provider ${providerCpuPerCell.toFixed(2)} ms${server.databaseUrl ? `, PostgreSQL ${dbCpuPerCell.toFixed(2)} ms` : ''}`)
    return { cellsPerSecond: rows / seconds, calls: provider.answered, uniqueInputs }
  } finally {
    await server.stop()
  }
}
