import { runChatBench } from './chat.bench.ts'
import { runEnrichBench } from './enrich.bench.ts'
import { runFormulaBench } from './formula.bench.ts'
import { runGridBench } from './grid.bench.ts'
import { runHttpBench } from './http.bench.ts'
import { runImportBench } from './import.bench.ts'
import { runLoadBench } from './load.bench.ts'
import { runRowsApiBench } from './rows-api.bench.ts'
import { runSearchBench } from './search.bench.ts'
import { stopAllBenchServers, type Backend } from './lib/server.ts'

/**
 * `npm run bench` runs every group; `npm run bench -- import` one group. Each figure is printed
 * as `name: value unit`. PGlite always; PostgreSQL too when DATABASE_URL is set.
 */
const groups: Record<string, (backends: Backend[], report: Report) => Promise<void>> = {
  import: runImportBench,
  grid: runGridBench,
  enrich: runEnrichBench,
  chat: runChatBench,
  search: runSearchBench,
  'rows-api': runRowsApiBench,
  formula: runFormulaBench,
  load: runLoadBench,
  http: runHttpBench,
}

type Report = (name: string, value: number, unit: string) => void
const report: Report = (name, value, unit) => console.log(`${name}: ${value} ${unit}`)

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'))
const unknown = requested.filter((name) => !(name in groups))
if (unknown.length > 0) {
  console.error(`Unknown bench group(s): ${unknown.join(', ')}. Groups: ${Object.keys(groups).join(', ')}`)
  process.exit(2)
}
const available: Backend[] = process.env.DATABASE_URL ? ['pglite', 'pg'] : ['pglite']
// BENCH_BACKENDS=pg (or pglite) narrows a run to one database.
const only = process.env.BENCH_BACKENDS?.split(',').filter(Boolean)
const backends = only ? available.filter((backend) => only.includes(backend)) : available
// An interrupted run still stops its servers and drops their databases.
process.once('SIGINT', () => {
  void stopAllBenchServers().finally(() => process.exit(130))
})
for (const name of requested.length > 0 ? requested : Object.keys(groups)) {
  await groups[name]!(backends, report)
}
