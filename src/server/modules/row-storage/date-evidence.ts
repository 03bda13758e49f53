import { sql } from 'drizzle-orm'
import { queryRows } from '#server/db/query-rows'
import { rowsFrom } from './row-reader.ts'
import { cellText } from './view-sql.ts'

/**
 * What a date column's values say of their day/month order, counted over every row in one scan:
 * day/month dates (`04/07/2024`, `4.7.24`), those only a day-first reading makes real (a first
 * part from 13 to 31), those only a month-first one does (a second part from 13 to 31), the dotted
 * ones, and one example of each kind for the quality report.
 */
export type DateEvidence = {
  numeric: number
  dayFirst: number
  monthFirst: number
  dotted: number
  dayFirstExample: string | null
  monthFirstExample: string | null
}

/** The pattern of NUMERIC_DATE in cell-values.ts. */
const NUMERIC_DATE_SQL = String.raw`'^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})$'`

export async function dateOrderEvidence(uploadId: string, keys: string[]): Promise<Map<string, DateEvidence>> {
  if (keys.length === 0) return new Map()
  const parts = keys.map((key, i) => {
    const m = `m${i}`
    const dayOnly = `${m}[1]::integer BETWEEN 13 AND 31 AND ${m}[3]::integer BETWEEN 1 AND 12`
    const monthOnly = `${m}[3]::integer BETWEEN 13 AND 31 AND ${m}[1]::integer BETWEEN 1 AND 12`
    return {
      select: `count(${m}) AS n${i}, count(*) FILTER (WHERE ${dayOnly}) AS d${i}, count(*) FILTER (WHERE ${monthOnly}) AS f${i},
        count(*) FILTER (WHERE ${m}[2] = '.') AS p${i},
        min(btrim(${cellText(key)})) FILTER (WHERE ${dayOnly}) AS dx${i}, min(btrim(${cellText(key)})) FILTER (WHERE ${monthOnly}) AS fx${i}`,
      lateral: `regexp_match(btrim(${cellText(key)}), ${NUMERIC_DATE_SQL}) AS ${m}`,
    }
  })
  const [row = {}] = await queryRows<Record<string, string | number | null>>(
    sql`SELECT ${sql.raw(parts.map((part) => part.select).join(', '))}
      FROM ${rowsFrom(uploadId)}, LATERAL (SELECT ${sql.raw(parts.map((part) => part.lateral).join(', '))}) AS readings`,
  )
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value))
  return new Map(
    keys.map((key, i) => [
      key,
      {
        numeric: Number(row[`n${i}`] ?? 0),
        dayFirst: Number(row[`d${i}`] ?? 0),
        monthFirst: Number(row[`f${i}`] ?? 0),
        dotted: Number(row[`p${i}`] ?? 0),
        dayFirstExample: text(row[`dx${i}`]),
        monthFirstExample: text(row[`fx${i}`]),
      },
    ]),
  )
}
