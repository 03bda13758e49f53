import { createReadStream, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import type { Plan } from '../src/common/schemas/plans.ts'
import { LEAD_HEADER, writeLeadList } from './lib/lead-list.ts'
import { startBenchServer, uploadFile, waitForImport, waitForJobs, type Backend, type BenchServer } from './lib/server.ts'
import { percentile, round1 } from './lib/stats.ts'

type Report = (name: string, value: number, unit: string) => void

/** Issue 22: plans over 1,000,000 rows in 10 files on PostgreSQL, 100,000 in 10 files on PGlite. */
const FILES = 10
const ROWS_PER_FILE: Record<Backend, number> = { pg: 100_000, pglite: 10_000 }
const SAMPLES = 12

/**
 * The plans timed, each beside a hand-written query a developer would write for the same question
 * over a plain table of 13 text columns holding the same rows (the bare reference): the same count,
 * every matching id in order, and the first 50 rows.
 */
type Case = { name: string; plan: Plan; bare: (file: number) => string[] }
const num = (column: string) => `(CASE WHEN ${column} ~ '^[0-9]+$' THEN ${column}::numeric END)`
const CASES: Case[] = [
  {
    name: 'country and size',
    plan: { where: { all: [{ column: 'Country', op: 'equals', value: 'germany' }, { column: 'Employees', op: 'at_least', value: '1000' }] } },
    bare: (f) => [`lower(country) = 'germany' AND ${num('employees')} >= 1000 AND file = ${f}`],
  },
  {
    name: 'title contains, count by industry',
    plan: { where: { column: 'Title', op: 'contains', value: 'vp' }, aggregate: { op: 'count_by', column: 'Industry' } },
    bare: (f) => [`lower(title) LIKE '%vp%' AND file = ${f}`, `SELECT industry, count(*) FROM bare_leads WHERE lower(title) LIKE '%vp%' AND file = ${f} GROUP BY industry ORDER BY 2 DESC`],
  },
  {
    name: 'any of two countries, not SaaS, sum of employees',
    plan: {
      where: { all: [{ column: 'Country', op: 'in', values: ['France', 'Spain'] }, { not: { column: 'Industry', op: 'equals', value: 'SaaS' } }] },
      aggregate: { op: 'sum', column: 'Employees' },
    },
    bare: (f) => [
      `lower(country) IN ('france', 'spain') AND lower(industry) <> 'saas' AND file = ${f}`,
      `SELECT sum(${num('employees')}) FROM bare_leads WHERE lower(country) IN ('france', 'spain') AND lower(industry) <> 'saas' AND file = ${f}`,
    ],
  },
  {
    // Issue 32: a grouping by a formula (the e-mail's domain ending), a formula in a condition and in a measure.
    name: 'formula condition, group by a formula with measures',
    plan: {
      where: { formula: 'NUMBER({Employees}) / 10', op: 'at_least', value: '5' },
      aggregate: {
        op: 'group_by',
        formula: 'SPLIT(DOMAIN({Email}), ".", -1)',
        measures: [{ op: 'count' }, { op: 'avg', formula: 'NUMBER({Employees}) / 10' }, { op: 'count_distinct', column: 'Country' }],
      },
    },
    bare: (f) => [
      `${num('employees')} / 10 >= 5 AND file = ${f}`,
      `SELECT split_part(lower(split_part(email, '@', 2)), '.', -1) AS tld, count(*), avg(${num('employees')} / 10), count(DISTINCT lower(country)) FROM bare_leads WHERE ${num('employees')} / 10 >= 5 AND file = ${f} GROUP BY 1 ORDER BY 2 DESC`,
    ],
  },
  {
    name: 'top 10 by size in one industry',
    plan: { where: { column: 'Industry', op: 'equals', value: 'Fintech' }, sort: { column: 'Employees', direction: 'desc' }, limit: 10 },
    bare: (f) => [`lower(industry) = 'fintech' AND file = ${f} ORDER BY ${num('employees')} DESC NULLS LAST, id DESC`],
  },
]

export async function runChatBench(backends: Backend[], report: Report) {
  const dir = mkdtempSync(join(tmpdir(), 'rowcraft-bench-chat-'))
  try {
    for (const backend of backends) {
      const suffix = backend === 'pg' ? '_pg' : '_pglite'
      const files: string[] = []
      for (let f = 0; f < FILES; f += 1) {
        const file = join(dir, `leads-${backend}-${f}.csv`)
        await writeLeadList(file, Infinity, 100 + f, ROWS_PER_FILE[backend])
        files.push(file)
      }
      const server = await startBenchServer(backend, { maxUploadMb: 100 })
      let bare: Bare | null = null
      try {
        const started = Date.now()
        const uploads: string[] = []
        let rows = 0
        for (const file of files) {
          const uploadId = await uploadFile(server, file)
          rows += await waitForImport(server, uploadId, 900_000)
          uploads.push(uploadId)
        }
        await waitForJobs(server)
        console.error(`${backend}: ${rows} rows in ${FILES} files imported in ${round1((Date.now() - started) / 1000)} s`)
        bare = await openBare(backend, server, files)

        const planTimes: number[] = []
        const bareTimes: number[] = []
        for (const testCase of CASES) {
          const times: number[] = []
          const bareCase: number[] = []
          for (let i = -2; i < SAMPLES; i += 1) {
            const f = (i + FILES * 2) % FILES
            // Alternated, so a busy moment of the machine falls on both.
            const planMs = await timePlan(server, uploads[f]!, testCase.plan)
            const bareMs = await bare.time(testCase.bare(f))
            if (i < 0) continue
            times.push(planMs)
            bareCase.push(bareMs)
          }
          planTimes.push(...times)
          bareTimes.push(...bareCase)
          console.error(`${backend}: ${testCase.name}: plan p50 ${round1(percentile(times, 50))} ms, p95 ${round1(percentile(times, 95))} ms; bare p95 ${round1(percentile(bareCase, 95))} ms`)
        }
        const planP95 = percentile(planTimes, 95)
        const bareP95 = percentile(bareTimes, 95)
        report(`chat_plan_p95_ms${suffix}`, round1(planP95), 'ms')
        report(`chat_plan_bare_p95_ms${suffix}`, round1(bareP95), 'ms')
        // Higher is better, as every ratio in bench/README.md: 1 is as fast as the hand-written query.
        report(`chat_plan_ratio_to_bare${suffix}`, Math.round((bareP95 / planP95) * 100) / 100, 'x')
      } finally {
        await bare?.close()
        await server.stop()
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function timePlan(server: BenchServer, uploadId: string, plan: Plan, retried = false): Promise<number> {
  const started = performance.now()
  // A kept-alive connection the server closed while the bare table loaded: undici finds out on use.
  const res = await fetch(`${server.baseUrl}/api/uploads/${uploadId}/chat/plan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.baseUrl },
    body: JSON.stringify({ plan }),
  }).catch((error: unknown) => {
    if (retried) throw error
    return null
  })
  if (!res) return timePlan(server, uploadId, plan, true)
  const body = await res.text()
  if (res.status !== 200) throw new Error(`plan failed: ${res.status} ${body.slice(0, 300)}`)
  return performance.now() - started
}

const BARE_COLUMNS = LEAD_HEADER.map((name) => name.toLowerCase().replace(/[^a-z]+/g, '_'))
const BARE_TABLE = `CREATE TABLE bare_leads (file integer, id serial, ${BARE_COLUMNS.map((c) => `${c} text`).join(', ')})`

/** What a bare reference query does: the ids in order (the answer's row list), the count, the first 50 rows, and any aggregate. */
function bareQueries([where, aggregate]: string[]) {
  const queries = [`SELECT string_agg(id::text, ',') AS ids, count(*) AS n FROM (SELECT id FROM bare_leads WHERE ${where}${where!.includes('ORDER BY') ? '' : ' ORDER BY id'}) AS m`]
  queries.push(`SELECT * FROM bare_leads WHERE ${where}${where!.includes('ORDER BY') ? '' : ' ORDER BY id'} LIMIT 50`)
  if (aggregate) queries.push(aggregate)
  return queries
}

type Bare = { time: (queries: string[]) => Promise<number>; close: () => Promise<void> }

/** The same rows in a plain table of the same engine: the server's PostgreSQL database, or a PGlite in this process. */
async function openBare(backend: Backend, server: BenchServer, files: string[]): Promise<Bare> {
  const copy = (f: number) => `COPY bare_leads_load_${f} FROM STDIN WITH (FORMAT csv, HEADER true)`
  if (backend === 'pg') {
    const client = new pg.Client({ connectionString: server.databaseUrl })
    await client.connect()
    await client.query(BARE_TABLE)
    for (const [f, file] of files.entries()) {
      await client.query(`CREATE TEMP TABLE bare_leads_load_${f} (${BARE_COLUMNS.map((c) => `${c} text`).join(', ')})`)
      await pipeline(createReadStream(file), client.query(copyFrom(copy(f))))
      await client.query(`INSERT INTO bare_leads (file, ${BARE_COLUMNS.join(', ')}) SELECT ${f}, * FROM bare_leads_load_${f}`)
    }
    await client.query('CREATE INDEX ON bare_leads (file, id); ANALYZE bare_leads')
    return {
      time: async (parts) => {
        const started = performance.now()
        for (const query of bareQueries(parts)) await client.query(query)
        return performance.now() - started
      },
      close: async () => {
        await client.query('DROP TABLE IF EXISTS bare_leads').catch(() => {})
        await client.end()
      },
    }
  }
  const db = new PGlite()
  await db.exec(BARE_TABLE)
  for (const [f, file] of files.entries()) {
    await db.exec(`CREATE TABLE bare_leads_load_${f} (${BARE_COLUMNS.map((c) => `${c} text`).join(', ')})`)
    await db.query(`COPY bare_leads_load_${f} FROM '/dev/blob' WITH (FORMAT csv, HEADER true)`, [], { blob: new Blob([readFileSync(file)]) })
    await db.exec(`INSERT INTO bare_leads (file, ${BARE_COLUMNS.join(', ')}) SELECT ${f}, * FROM bare_leads_load_${f}; DROP TABLE bare_leads_load_${f}`)
  }
  await db.exec('CREATE INDEX ON bare_leads (file, id); ANALYZE bare_leads')
  return {
    time: async (parts) => {
      const started = performance.now()
      for (const query of bareQueries(parts)) await db.query(query)
      return performance.now() - started
    },
    close: () => db.close(),
  }
}
