import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { connectDatabase, driver } from '#server/db/client'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (`dumpDataDir`) each test file's database starts from; '' on PostgreSQL. */
    pgliteTemplatePath: string
  }
}

/**
 * Each test file on PGlite gets a database of its own. Creating one and running every migration
 * took 5-13 s a file (initdb alone is most of it); loading a migrated data directory takes 1-2 s.
 * So the migrations run once here, and every file starts from their result. On PostgreSQL
 * (DATABASE_URL) each file still makes and migrates its own database.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplatePath', '')
    return
  }
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
