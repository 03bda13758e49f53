import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Plan } from '../src/common/schemas/plans.ts'
import { writeLeadList } from './lib/lead-list.ts'
import { startBenchServer, uploadFile, waitForImport, waitForJobs, type Backend, type BenchServer } from './lib/server.ts'
import { percentile, round1 } from './lib/stats.ts'

type Report = (name: string, value: number, unit: string) => void

/** Issue 42: one user's 20,000-row list under 32 connections for 60 s. */
const ROWS = 20_000
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 32)
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60)

const PLANS: Plan[] = [
  { where: { column: 'Country', op: 'equals', value: 'germany' }, aggregate: { op: 'count_by', column: 'Industry' } },
  { aggregate: { op: 'group_by', column: 'Country', measures: [{ op: 'count' }, { op: 'avg', column: 'Employees' }] } },
  { where: { column: 'Title', op: 'contains', value: 'vp' }, aggregate: { op: 'count_by', column: 'City' } },
]
const SEARCHES = ['acme', 'berlin', 'ada', 'labs', 'growth', 'zz-none']

/**
 * The requests a team makes of one list at once: grid pages sorted, searched and paged, and chat
 * plans with a grouping, a quarter each, in a fixed rotation per connection. Each connection
 * sends its next request when the last one answered (a closed loop), so requests/s is what the
 * server sustains and p99 what the slowest of them waited.
 */
const KINDS = ['sorted page', 'searched page', 'page', 'plan']

function requestOf(uploadId: string, n: number): { path: string; init?: RequestInit } {
  const kind = n % 4
  const page = 1 + (n % 40)
  if (kind === 0) return { path: `/api/uploads/${uploadId}/rows?page=${page}&perPage=50&sort=c${1 + (n % 13)}:${n % 2 ? 'asc' : 'desc'}` }
  if (kind === 1) return { path: `/api/uploads/${uploadId}/rows?page=1&perPage=50&q=${SEARCHES[n % SEARCHES.length]}` }
  if (kind === 2) return { path: `/api/uploads/${uploadId}/rows?page=${page}&perPage=50` }
  return {
    path: `/api/uploads/${uploadId}/chat/plan`,
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ plan: PLANS[n % PLANS.length] }) },
  }
}

export async function runLoadBench(backends: Backend[], report: Report) {
  const dir = mkdtempSync(join(tmpdir(), 'rowcraft-bench-load-'))
  try {
    const file = join(dir, 'leads-20k.csv')
    await writeLeadList(file, Infinity, 7, ROWS)
    for (const backend of backends) {
      const suffix = backend === 'pg' ? '_pg' : '_pglite'
      // A team's requests, not one user's script: the per-user limit of plan runs (429 after 120 a
      // minute by default) would answer most plans at once with an error and flatter the figures.
      const server = await startBenchServer(backend, { env: { PLAN_RUNS_PER_MINUTE: '100000' } })
      try {
        const uploadId = await uploadFile(server, file)
        await waitForImport(server, uploadId)
        await waitForJobs(server)
        // Every column sorted once: on PGlite a column's first sort builds its index.
        for (let column = 1; column <= 13; column += 1) await send(server, requestOf(uploadId, column * 4 - 4 + 0))
        const result = await underLoad(server, uploadId)
        console.error(`${backend}: ${result.requests} requests in ${SECONDS} s over ${CONNECTIONS} connections, ${result.errors} errors, p50 ${round1(result.p50)} ms`)
        report(`load_requests_per_s${suffix}`, round1(result.requests / SECONDS), 'req/s')
        report(`load_p50_ms${suffix}`, round1(result.p50), 'ms')
        report(`load_p99_ms${suffix}`, round1(result.p99), 'ms')
        report(`load_errors${suffix}`, result.errors, 'requests')
      } finally {
        await server.stop()
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function send(server: BenchServer, { path, init }: { path: string; init?: RequestInit }) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    ...init,
    // Node's fetch opens a connection per request in flight: CONNECTIONS of them.
    headers: { ...(init?.headers as Record<string, string> | undefined), cookie: server.cookie, origin: server.baseUrl },
  })
  await res.arrayBuffer()
  return res.status
}

async function underLoad(server: BenchServer, uploadId: string) {
  const until = performance.now() + SECONDS * 1000
  const waits: number[] = []
  const byKind = new Map<string, number[]>()
  let errors = 0
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, connection) => {
      for (let n = connection; performance.now() < until; n += CONNECTIONS) {
        const started = performance.now()
        const status = await send(server, requestOf(uploadId, n)).catch(() => 0)
        const waited = performance.now() - started
        waits.push(waited)
        const kind = KINDS[n % 4]!
        byKind.set(kind, [...(byKind.get(kind) ?? []), waited])
        if (status !== 200) errors += 1
      }
    }),
  )
  // Which requests are the slow ones (printed, not reported: the figures are the mix's).
  for (const [kind, list] of byKind) console.error(`${kind}: ${list.length} requests, p50 ${round1(percentile(list, 50))} ms, p99 ${round1(percentile(list, 99))} ms`)
  return { requests: waits.length, errors, p50: percentile(waits, 50), p99: percentile(waits, 99) }
}
