import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import Papa from 'papaparse'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { LEAD_HEADER, writeLeadList } from './lib/lead-list.ts'

/**
 * Issue 42's storage question (docs/decisions/036-row-storage-format.md), measured on PostgreSQL
 * alone: not part of the app or of `npm run bench`. The bench's 100 MB lead list is COPYed into a
 * table per format, with the same `row_index`:
 *   text:  one text column per CSV column (what Baserow and Teable keep, per table);
 *   jsonb: one jsonb object keyed c1..c13 (what row storage keeps now);
 *   array: one text[] of the cells in column order.
 * Then, on each: the primary key's build, a sorted grid page (by Company, case folded, page 100 of
 * 50) without and with an index on the sort expression, a filtered count (Country = 'Germany'), a
 * substring count (Company contains 'labs', no index), and the table's size.
 *
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/storage-format.ts [runs]`
 * creates and drops a database of its own (`rowcraft_storage_format`).
 */

const runs = Number(process.argv[2] ?? 3)
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const dbName = 'rowcraft_storage_format'
const url = new URL(base)
url.pathname = `/${dbName}`

type Format = { name: 'text' | 'jsonb' | 'array'; ddl: string; cell: (i: number) => string; file: string }

const copyText = (value: string) => value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
const arrayItem = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`

async function writeCopyFiles(csv: string, dir: string) {
  const { data } = Papa.parse<string[]>(readFileSync(csv, 'utf8'), { skipEmptyLines: true })
  const rows = data.slice(1)
  const outs = {
    text: createWriteStream(join(dir, 'text.copy')),
    jsonb: createWriteStream(join(dir, 'jsonb.copy')),
    array: createWriteStream(join(dir, 'array.copy')),
  }
  for (let r = 0; r < rows.length; r += 1) {
    const cells = rows[r]!
    const object: Record<string, string> = {}
    cells.forEach((value, i) => (object[`c${i + 1}`] = value))
    const lines = {
      text: `${r}\t${LEAD_HEADER.map((_, i) => copyText(cells[i] ?? '')).join('\t')}\n`,
      jsonb: `${r}\t${JSON.stringify(object).replace(/\\/g, '\\\\')}\n`,
      array: `${r}\t${copyText(`{${cells.map(arrayItem).join(',')}}`)}\n`,
    }
    for (const name of ['text', 'jsonb', 'array'] as const) if (!outs[name].write(lines[name])) await once(outs[name], 'drain')
  }
  for (const out of Object.values(outs)) {
    out.end()
    await once(out, 'finish')
  }
  return rows.length
}

const columnsDdl = LEAD_HEADER.map((_, i) => `c${i + 1} text`).join(', ')

const formats = (dir: string): Format[] => [
  { name: 'text', ddl: `row_index integer NOT NULL, ${columnsDdl}`, cell: (i) => `c${i}`, file: join(dir, 'text.copy') },
  { name: 'jsonb', ddl: 'row_index integer NOT NULL, data jsonb NOT NULL', cell: (i) => `(data ->> 'c${i}')`, file: join(dir, 'jsonb.copy') },
  { name: 'array', ddl: 'row_index integer NOT NULL, data text[] NOT NULL', cell: (i) => `data[${i}]`, file: join(dir, 'array.copy') },
]

const COMPANY = LEAD_HEADER.indexOf('Company') + 1
const COUNTRY = LEAD_HEADER.indexOf('Country') + 1

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await run()
  return performance.now() - started
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

async function measure(client: pg.Client, format: Format) {
  const table = `rows_${format.name}`
  await client.query(`DROP TABLE IF EXISTS ${table}`)
  await client.query(`CREATE TABLE ${table} (${format.ddl})`)
  const copyMs = await timed(() => pipeline(createReadStream(format.file, { highWaterMark: 1 << 20 }), client.query(copyFrom(`COPY ${table} FROM STDIN`))))
  const keyMs = await timed(() => client.query(`ALTER TABLE ${table} ADD PRIMARY KEY (row_index)`))
  await client.query(`VACUUM ANALYZE ${table}`)
  const sort = `lower(${format.cell(COMPANY)}) COLLATE "C"`
  const page = `SELECT * FROM ${table} ORDER BY ${sort}, row_index LIMIT 50 OFFSET 4950`
  const pageMs = await timed(() => client.query(page))
  const indexMs = await timed(() => client.query(`CREATE INDEX ${table}_company ON ${table} ((${sort}), row_index)`))
  await client.query(`ANALYZE ${table}`)
  const indexedPageMs = await timed(() => client.query(page))
  const countMs = await timed(() => client.query(`SELECT count(*) FROM ${table} WHERE ${format.cell(COUNTRY)} = 'Germany'`))
  const substringMs = await timed(() => client.query(`SELECT count(*) FROM ${table} WHERE ${format.cell(COMPANY)} ILIKE '%labs%'`))
  const [size] = (await client.query<{ mb: string }>(`SELECT round(pg_total_relation_size('${table}') / 1048576.0) AS mb`)).rows
  await client.query(`DROP TABLE ${table}`)
  return { copyMs, keyMs, pageMs, indexMs, indexedPageMs, countMs, substringMs, sizeMb: Number(size!.mb) }
}

const dir = mkdtempSync(join(tmpdir(), 'rowcraft-storage-format-'))
const admin = new pg.Client({ connectionString: base })
await admin.connect()
try {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName}`)
  await admin.query(`CREATE DATABASE ${dbName}`)
  const csv = join(dir, 'leads-100mb.csv')
  const rows = await writeLeadList(csv, 100 * 1024 * 1024, 2)
  await writeCopyFiles(csv, dir)
  rmSync(csv)
  console.error(`${rows} rows`)
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  const results = new Map<string, Array<Awaited<ReturnType<typeof measure>>>>()
  try {
    // Formats alternated within each run: a noisy machine slows all three alike.
    for (let run = 0; run < runs; run += 1) {
      for (const format of formats(dir)) {
        const result = await measure(client, format)
        console.error(`run ${run + 1} ${format.name}: ${JSON.stringify(result, (_, v) => (typeof v === 'number' ? Math.round(v) : v))}`)
        results.set(format.name, [...(results.get(format.name) ?? []), result])
      }
    }
  } finally {
    await client.end()
  }
  for (const [name, list] of results) {
    const keys = Object.keys(list[0]!) as Array<keyof (typeof list)[0]>
    console.log(`${name}: ${keys.map((key) => `${key} ${Math.round(median(list.map((r) => r[key])))}`).join(', ')} (medians of ${list.length})`)
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName}`).catch(() => undefined)
  await admin.end()
  rmSync(dir, { recursive: true, force: true })
}
