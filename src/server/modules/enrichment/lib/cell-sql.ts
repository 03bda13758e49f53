import { sql, type SQL } from 'drizzle-orm'
import { COLUMN_KEY_PATTERN } from '#common/schemas/rows'

/**
 * SQL shared by the run's start and its workers: which columns a field's answer depends on, and
 * the hash of a row's values of them (identical inputs are computed once).
 */

/** A column key is checked before it is written into SQL text. */
function keyLiteral(key: string) {
  if (!COLUMN_KEY_PATTERN.test(key)) throw new Error(`Not a column key: ${key}`)
  return `'${key}'`
}

/** md5 of the row's values of `keys` in order, over `alias.data`. */
export function inputHashSql(keys: string[], alias = 'r'): SQL {
  if (keys.length === 0) return sql.raw(`md5('[]')`)
  return sql.raw(`md5(jsonb_build_array(${keys.map((k) => `${alias}.data -> ${keyLiteral(k)}`).join(', ')})::text)`)
}

/** A Postgres integer[] literal of row indexes (they are integers: nothing to escape). */
export function intArray(values: number[]): SQL {
  return sql.raw(`'{${values.map((v) => Math.trunc(v)).join(',')}}'::integer[]`)
}
