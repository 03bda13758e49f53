import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { pino } from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { bootstrap } from '#server/bootstrap'
import { db } from '#server/db/client'
import { user } from '#server/db/schema/index'
import { loadEnv } from '#server/env'
import { createTestDatabase } from '#server/test/test-database'

const run = promisify(execFile)
const cli = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  })

const drops: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const drop of drops) await drop()
})

describe('npm run cli', () => {
  it('detect prints the sniffing result as JSON', async () => {
    const { stdout } = await cli(['detect', 'test/fixtures/corpus/messy/semicolon_headerless_small.csv'])
    const result = JSON.parse(stdout) as Record<string, unknown>
    expect(result).toMatchObject({ encoding: 'utf-8', delimiter: ';', hasHeader: false })
    expect(result.confidence).toBeLessThan(0.8)
    expect(Array.isArray(result.reasons)).toBe(true)
  })

  it('import loads a file for a user through the same code as an upload', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rowcraft-cli-'))
    const database = await createTestDatabase()
    drops.push(database.drop)
    const env = { DATA_DIR: dataDir, ...(database.url ? { DATABASE_URL: database.url } : {}) }
    const runtime = await bootstrap(loadEnv({ ...env, LOG_LEVEL: 'silent' }), { logger: pino({ level: 'silent' }) })
    await db.insert(user).values({ id: 'cli-user', name: 'Cli User', email: 'cli@example.com', emailVerified: true })
    await runtime.close()

    const file = join(dataDir, 'leads.csv')
    writeFileSync(file, 'Name,Email,City\nAnn,ann@x.example,Oslo\nBo,bo@x.example,Rome\n')
    const { stdout } = await cli(['import', file, '--user', 'cli@example.com'], env)
    expect(JSON.parse(stdout)).toMatchObject({
      status: 'completed',
      totalRows: 2,
      validRows: 2,
      columns: ['Name', 'Email', 'City'],
    })

    await expect(cli(['import', file, '--user', 'nobody@example.com'], env)).rejects.toMatchObject({
      stderr: expect.stringContaining('No user with the e-mail nobody@example.com'),
    })
  }, 90_000) // three processes that each open the database and compile TypeScript
})
