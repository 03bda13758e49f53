import { existsSync } from 'node:fs'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { startBenchServer } from './server.ts'

async function databaseExists(url: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [new URL(url).pathname.slice(1)])
    return rows.length === 1
  } finally {
    await client.end()
  }
}

describe('a bench server', () => {
  it('leaves neither its data folder nor its database behind once stopped', async () => {
    const server = await startBenchServer(process.env.DATABASE_URL ? 'pg' : 'pglite')
    expect(existsSync(server.dataDir)).toBe(true)
    if (server.databaseUrl) expect(await databaseExists(server.databaseUrl)).toBe(true)

    await server.stop()
    expect(existsSync(server.dataDir)).toBe(false)
    if (server.databaseUrl) expect(await databaseExists(server.databaseUrl)).toBe(false)
  }, 120_000)
})
