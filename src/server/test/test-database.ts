import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'

/** The migrated database the global setup made on PostgreSQL (global-setup.ts), if any. */
function templateDatabase(): string {
  try {
    return inject('pgTemplateDatabase') ?? ''
  } catch {
    // Outside a vitest worker: no template, the database is migrated when the app starts.
    return ''
  }
}

/**
 * With DATABASE_URL set, each test file gets a database of its own on that server, so files run
 * in parallel, copied from the migrated template; without it, tests use an in-memory PGlite per file.
 * `locale: 'C'` makes a database whose collation and character classes are the C locale's (ASCII
 * case only), migrated when the app starts: text rules must not depend on a database's locale.
 */
export async function createTestDatabase({ locale }: { locale?: 'C' } = {}): Promise<{ url?: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) return { url: undefined, drop: async () => {} }
  const name = `rowcraft_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  const template = templateDatabase()
  if (locale === 'C') await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C' ENCODING 'UTF8'`)
  else await admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await client.end()
    },
  }
}
