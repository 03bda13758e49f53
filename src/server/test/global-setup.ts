import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import pg from 'pg'
import { connectDatabase, driver } from '#server/db/client'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (`dumpDataDir`) each test file's database starts from; '' on PostgreSQL. */
    pgliteTemplatePath: string
    /** A migrated PostgreSQL database each test file's database is copied from; '' on PGlite. */
    pgTemplateDatabase: string
  }
}

/**
 * Each test file gets a database of its own. Creating one and running every migration took 5-13 s
 * a file on PGlite (initdb alone is most of it), and 1-3 s on PostgreSQL; starting from a migrated
 * copy takes 1-2 s on PGlite (loading a data directory) and a fraction of a second on PostgreSQL
 * (`CREATE DATABASE ... TEMPLATE`). So the migrations run once here, and every file starts from
 * their result.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL
  if (adminUrl) {
    project.provide('pgliteTemplatePath', '')
    const name = `rowcraft_test_template_${process.pid}_${randomBytes(4).toString('hex')}`
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`)
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    const handle = await connectDatabase({ databaseUrl: url.toString() })
    await handle.close()
    project.provide('pgTemplateDatabase', name)
    return () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  }
  project.provide('pgTemplateDatabase', '')
  const dir = mkdtempSync(join(tmpdir(), 'rowcraft-pglite-template-'))
  const handle = await connectDatabase({})
  try {
    if (driver.kind !== 'pglite') throw new Error('expected PGlite')
    const dump = await driver.client.dumpDataDir('none')
    const path = join(dir, 'migrated.tar')
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()))
    project.provide('pgliteTemplatePath', path)
  } finally {
    await handle.close()
  }
  return () => rmSync(dir, { recursive: true, force: true })
}

async function adminQuery(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(statement)
  } finally {
    await admin.end()
  }
}
