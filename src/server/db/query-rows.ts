import type { SQL } from 'drizzle-orm'
import { db, type Database } from './client.ts'

/**
 * The rows of a raw SQL query, on PGlite and node-postgres alike (both answer `{ rows }`, which
 * Drizzle's `execute` does not type). For the few queries Drizzle's builder cannot write.
 */
export async function queryRows<T>(query: SQL, executor: Pick<Database, 'execute'> = db): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
