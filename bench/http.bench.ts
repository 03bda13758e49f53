import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AiField } from '../src/common/schemas/enrichment.ts'
import { startFakeAiServer } from '../src/server/test/fake-ai-server.ts'
import { providerShapes, startFakeSource, type FakeSource } from '../src/server/test/fake-http-source.ts'
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
    for (const backend of process.env.BENCH_HTTP_SKIP_EFFICIENCY ? [] : backends) {
      const suffix = backend === 'pg' ? '_pg' : '_pglite'
      const cellsPerSecond = await timeRun(backend, source.url, dir)
      report(`http_column_cells_per_s${suffix}`, round1(cellsPerSecond), 'cells/s')
      report(`http_column_efficiency${suffix}`, Math.round((cellsPerSecond / (CONCURRENCY / (LATENCY_MS / 1000))) * 100) / 100, 'ratio')
    }
    if (backends.includes('pg')) report('waterfall_calls_ratio_pg', await waterfallCallsRatio(source, dir), 'ratio')
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

const WATERFALL_ROWS = Number(process.env.BENCH_WATERFALL_ROWS ?? 2000)

/**
 * `waterfall_calls_ratio_pg` (decision 037): a three-step waterfall (the file's own e-mail when it
 * looks like one; a model accepted when sure; an e-mail finder) over rows whose answers are known
 * in advance: a third carry an e-mail, the model is sure of a share of the rest, the finder knows
 * a share of what is left. The calls each step must get follow from those shares; the ratio is the
 * calls the fakes counted over them, exactly 1 when no step is called for a row an earlier one
 * satisfied, and none is skipped.
 */
async function waterfallCallsRatio(source: FakeSource, dir: string) {
  const ai = await startFakeAiServer()
  ai.reset({
    answer: ({ lastUserText }) => {
      const first = /"First Name": "([^"]*)"/.exec(lastUserText)?.[1] ?? ''
      return { reasoning: 'bench', confidence: first.startsWith('Sure') ? 0.95 : 0.2, value: `${first.toLowerCase()}@guess.example` }
    },
  })
  source.reset(providerShapes)
  Object.assign(process.env, { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: ai.openaiBaseURL, AI_MODEL: 'fake-model' })
  const file = join(dir, `waterfall-${WATERFALL_ROWS}.csv`)
  const lines = ['First Name,Last Name,Domain,Known']
  let aiRequired = 0
  let httpRequired = 0
  for (let i = 0; i < WATERFALL_ROWS; i += 1) {
    const hasKnown = i % 3 === 0
    const isSure = !hasKnown && i % 5 === 1
    const isFindable = i % 2 === 0
    if (!hasKnown) aiRequired += 1
    if (!hasKnown && !isSure) httpRequired += 1
    lines.push(`${isSure ? 'Sure' : 'Person'}${i},Last${i},${isFindable ? `company${i}.example` : 'unknown.example'},${hasKnown ? `p${i}@known${i}.example` : ''}`)
  }
  writeFileSync(file, `${lines.join('\n')}\n`)
  const server = await startBenchServer('pg')
  try {
    await benchApi(server, '/api/billing/checkout', { json: {} })
    await benchApi(server, '/api/secrets/HUNTER_API_KEY', { method: 'PUT', json: { value: 'hunter-secret-key' } })
    const uploadId = await uploadFile(server, file)
    await waitForImport(server, uploadId)
    const emailLook = 'AND(CONTAINS({value}, "@"), CONTAINS(DOMAIN({value}), "."))'
    const field = (await benchApi(server, `/api/uploads/${uploadId}/waterfall-fields`, {
      json: {
        name: 'Work email',
        steps: [
          { kind: 'formula', formula: '{Known}', accept: emailLook },
          { kind: 'ai', prompt: 'The work e-mail of {First Name} {Last Name} at {Domain}', model: 'cheap-model', accept: `AND({confidence} >= 0.8, ${emailLook})` },
          {
            kind: 'http',
            request: { url: `${source.url}/v2/email-finder?domain={Domain}&first_name={First Name}&last_name={Last Name}&api_key={secret:HUNTER_API_KEY}` },
            path: 'data.email',
            limits: { concurrency: CONCURRENCY },
            accept: emailLook,
          },
        ],
      },
    })) as AiField
    const sourceBefore = source.requests.length
    await benchApi(server, `/api/uploads/${uploadId}/ai-fields/${field.id}/runs`, { json: { scope: 'all' } })
    const done = await until(
      'the waterfall run to complete',
      async () => (await benchApi(server, `/api/uploads/${uploadId}/ai-fields/${field.id}`)) as AiField,
      (f) => f.status === 'completed',
      { timeoutMs: 3_600_000, everyMs: 1000 },
    )
    const aiCalls = ai.calls.filter((c) => c.model === 'cheap-model').length
    const httpCalls = source.requests.length - sourceBefore
    console.error(`waterfall: ${WATERFALL_ROWS} rows, ${JSON.stringify(done.counts)}; model calls ${aiCalls} of ${aiRequired} required, finder calls ${httpCalls} of ${httpRequired}`)
    return Math.round(((aiCalls + httpCalls) / (aiRequired + httpRequired)) * 1000) / 1000
  } finally {
    await server.stop()
    await ai.stop()
  }
}
