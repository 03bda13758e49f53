import { sql } from 'drizzle-orm'
import type { DateOrder } from '#common/schemas/uploads'
import { queryRows } from '#server/db/query-rows'
import { rowsFrom } from './row-reader.ts'
import { cellSql } from './view-sql.ts'

/**
 * How many of a date column's day/month dates contradict an order (issue 44: switching a column's
 * order says so before it applies). A date such as 15/03/2024 cannot be read month first: its first
 * part is above 12, so it keeps its day-first reading whatever the column's order
 * (`parseDateKey`); likewise 03/15/2024 under day/month/year. One read of the column, asked by the
 * user before a switch; nothing is written.
 */

/** `NUMERIC_DATE` of `#common/cell-values` (outer spaces aside), for PostgreSQL's regexp_match. */
const NUMERIC_DATE = '^(\\d{1,2})([-/.])(\\d{1,2})\\2(\\d{4}|\\d{2})$'

export type DateOrderMisfits = { dates: number; misfits: number; example: string | null }

export async function countDateOrderMisfits(uploadId: string, key: string, order: DateOrder): Promise<DateOrderMisfits> {
  // Under month/day/year the first part is the month; under day/month/year the second.
  const [month, day] = order === 'mdy' ? [1, 3] : [3, 1]
  const [row] = await queryRows<{ dates: number | string; misfits: number | string; example: string | null }>(
    sql`SELECT count(m) AS dates,
        count(m) FILTER (WHERE m[${sql.raw(String(month))}]::int > 12 AND m[${sql.raw(String(day))}]::int <= 12) AS misfits,
        min(v) FILTER (WHERE m[${sql.raw(String(month))}]::int > 12 AND m[${sql.raw(String(day))}]::int <= 12) AS example
      FROM (SELECT btrim(${cellSql(key)}) AS v, regexp_match(btrim(${cellSql(key)}), ${NUMERIC_DATE}) AS m
        FROM ${rowsFrom(uploadId)} WHERE csv_rows.upload_id = ${uploadId}) AS d`,
  )
  return { dates: Number(row?.dates ?? 0), misfits: Number(row?.misfits ?? 0), example: row?.example ?? null }
}
