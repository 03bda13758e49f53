/**
 * The bare reference for `enrich_fast_cells_per_s_pg`: the same provider calls a run makes
 * (`callModel`: the AI SDK's OpenAI provider, our HTTP client, parsing) against the same fake, at
 * the same concurrency, with no database, no ledger and no events. Run as its own process so it
 * has a thread to itself, as the server does:
 *   tsx bench/lib/bare-calls.ts <baseURL> <calls> <concurrency>  → prints {"callsPerSecond", "cpuMsPerCall"}
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadEnv, setEnv } from '../../src/server/env.ts'
import { callModel } from '../../src/server/modules/ai/call-model.ts'
import { buildFixedPart, buildRowPart } from '../../src/server/modules/enrichment/lib/render-prompt.ts'

const [baseURL, callsArg, concurrencyArg] = process.argv.slice(2)
const calls = Number(callsArg)
const concurrency = Number(concurrencyArg)
const dataDir = mkdtempSync(join(tmpdir(), 'rowcraft-bare-calls-'))
setEnv(loadEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(40), AI_CONCURRENCY: String(concurrency), LOG_LEVEL: 'warn' }))

const columns = [{ key: 'c2', name: 'Company' }]
const fixedPart = buildFixedPart({ template: 'Summarise {Company} in one line.', outputType: { kind: 'text' }, columns, webSearch: false })
const credentials = { provider: 'openai_compatible' as const, apiKey: 'sk-bench', baseURL: baseURL!, model: 'fake-model', ownKey: false, userBaseURL: false }

async function callMany(count: number) {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++
        const result = await callModel({ credentials, fixedPart, rowPart: buildRowPart(columns, { c2: `Company ${i}` }), outputType: { kind: 'text' } })
        if (!result.ok) throw new Error(result.error)
      }
    }),
  )
}

try {
  await callMany(Math.min(2000, calls))
  const started = performance.now()
  const cpu = process.cpuUsage()
  await callMany(calls)
  const used = process.cpuUsage(cpu)
  const seconds = (performance.now() - started) / 1000
  process.stdout.write(`${JSON.stringify({ callsPerSecond: Math.round(calls / seconds), cpuMsPerCall: (used.user + used.system) / 1000 / calls })}\n`)
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
