import { sql } from 'drizzle-orm'
import { CHAT } from '#common/constants'
import { queryRows } from '#server/db/query-rows'
import type { RowSource } from './row-reader.ts'
import { cellSql, dateKeySql, type ViewColumn } from './view-sql.ts'

/**
 * What a model is told about a table so it can write a plan (issue 22): per column its type,
 * filled and distinct counts, most common values, a few samples, and number and date ranges.
 * Counts and ranges are exact, over every row; common values and samples come from a spread of
 * up to SAMPLE_ROWS rows, and say so. The model never sees the table itself.
 */

const SAMPLE_ROWS = 2000

export type ColumnProfile = {
  name: string
  type: ViewColumn['type']
  filled: number
  empty: number
  /** Among the sampled rows. */
  distinctInSample: number
  commonValues: Array<{ value: string; count: number }>
  samples: string[]
  numberRange: { min: number; max: number; count: number } | null
  dateRange: { min: string; max: string; count: number } | null
}

export type TableProfile = { totalRows: number; sampledRows: number; columns: ColumnProfile[] }

const cut = (value: string) => (value.length > CHAT.sampleValueChars ? `${value.slice(0, CHAT.sampleValueChars)}…` : value)

/** The profile of a file over its columns as the caller read them (`storedColumnsOf`), so a plan is resolved against what the model was shown. */
export async function profileTable(source: RowSource, stored: ViewColumn[]): Promise<TableProfile> {
  const columns = stored.slice(0, CHAT.maxColumnsDescribed)
  const exact = await exactFigures(source, columns)
  const sample = await sampleRows(source)
  const profiles = columns.map((column, i): ColumnProfile => {
    const counts = new Map<string, { value: string; count: number }>()
    for (const row of sample) {
      const value = (row[column.key] ?? '').trim()
      if (value === '') continue
      const key = value.toLowerCase()
      const entry = counts.get(key) ?? { value, count: 0 }
      entry.count += 1
      counts.set(key, entry)
    }
    const ordered = [...counts.values()].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    const figures = exact[i]!
    return {
      name: column.name,
      type: column.type,
      filled: figures.filled,
      empty: exact.total - figures.filled,
      distinctInSample: counts.size,
      commonValues: ordered.filter((entry) => entry.count > 1).slice(0, CHAT.topValuesPerColumn).map((e) => ({ value: cut(e.value), count: e.count })),
      samples: ordered.slice(0, CHAT.sampleValuesPerColumn).map((entry) => cut(entry.value)),
      numberRange: figures.numbers > 0 ? { min: figures.minNumber!, max: figures.maxNumber!, count: figures.numbers } : null,
      dateRange: figures.dates > 0 ? { min: figures.minDate!, max: figures.maxDate!, count: figures.dates } : null,
    }
  })
  return { totalRows: exact.total, sampledRows: sample.length, columns: profiles }
}

type Figures = { filled: number; numbers: number; minNumber: number | null; maxNumber: number | null; dates: number; minDate: string | null; maxDate: string | null }

/** Filled counts and number and date ranges of every column, in one scan. */
async function exactFigures(source: RowSource, columns: ViewColumn[]): Promise<Figures[] & { total: number }> {
  const parts = columns.map((column, i) => {
    const cell = cellSql(column.key)
    const p = (name: string) => sql.raw(`c${i}_${name}`)
    return sql`, count(*) FILTER (WHERE btrim(${cell}) <> '') AS ${p('filled')},
      count(rowcraft_num(${cell})) AS ${p('numbers')}, min(rowcraft_num(${cell}))::float8 AS ${p('minn')}, max(rowcraft_num(${cell}))::float8 AS ${p('maxn')},
      count(${dateKeySql(column)}) AS ${p('dates')}, min(${dateKeySql(column)}) AS ${p('mind')}, max(${dateKeySql(column)}) AS ${p('maxd')}`
  })
  const [row = {}] = await queryRows<Record<string, string | number | null>>(
    sql`SELECT count(*) AS total${sql.join(parts, sql``)} FROM csv_rows WHERE upload_id = ${source.id}`,
  )
  const num = (value: unknown) => (value === null || value === undefined ? null : Number(value))
  const dateText = (value: unknown) => {
    const key = num(value)
    if (key === null) return null
    const text = String(key)
    return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`
  }
  const figures = columns.map((_, i): Figures => ({
    filled: Number(row[`c${i}_filled`] ?? 0),
    numbers: Number(row[`c${i}_numbers`] ?? 0),
    minNumber: num(row[`c${i}_minn`]),
    maxNumber: num(row[`c${i}_maxn`]),
    dates: Number(row[`c${i}_dates`] ?? 0),
    minDate: dateText(row[`c${i}_mind`]),
    maxDate: dateText(row[`c${i}_maxd`]),
  }))
  return Object.assign(figures, { total: Number(row.total ?? 0) })
}

/** Up to SAMPLE_ROWS rows spread evenly over the file. */
async function sampleRows(source: RowSource): Promise<Array<Record<string, string>>> {
  const step = Math.max(1, Math.ceil(source.validRows / SAMPLE_ROWS))
  const rows = await queryRows<{ data: Record<string, string> | string }>(
    sql`SELECT data FROM csv_rows WHERE upload_id = ${source.id} AND row_index % ${step} = 0 ORDER BY row_index LIMIT ${SAMPLE_ROWS}`,
  )
  return rows.map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data))
}
