import { sql, type SQL } from 'drizzle-orm'

/** The element types lists are bound as. */
export type SqlArrayType = 'int4' | 'text' | 'uuid'

/**
 * A list as one bound array parameter, `$n::int4[]`: for `= ANY(...)` and `unnest(...)`. Both
 * drivers send a JavaScript array as an array value, so nothing is written into the SQL text
 * (Drizzle would expand a bare array into `($1, $2, ...)`). Integers are truncated, as row
 * indexes always were.
 */
export function sqlArray(values: readonly number[], type: 'int4'): SQL
export function sqlArray(values: readonly string[], type: 'text' | 'uuid'): SQL
export function sqlArray(values: readonly (number | string)[], type: SqlArrayType): SQL {
  const bound = type === 'int4' ? values.map((value) => Math.trunc(Number(value))) : [...values]
  return sql`${sql.param(bound)}::${sql.raw(type)}[]`
}
