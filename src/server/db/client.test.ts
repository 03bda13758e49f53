import { PGlite } from '@electric-sql/pglite'
import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { logger, setLogger } from '#server/platform/logger'
import { takeTurns } from './client.ts'

/** Ten statements queued at once, and a callback queued behind them: how many statements ended before it ran. */
async function statementsBeforeIo(client: PGlite) {
  let ended = 0
  const statements = Array.from({ length: 10 }, () => client.query('SELECT pg_sleep(0.005)').then(() => (ended += 1)))
  const seen = await new Promise<number>((resolve) => setImmediate(() => resolve(ended)))
  await Promise.all(statements)
  return seen
}

describe('PGlite statements and the event loop', () => {
  const clients: PGlite[] = []
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close()
  })

  it('lets pending I/O run between queued statements (takeTurns)', async () => {
    const client = takeTurns(await PGlite.create())
    clients.push(client)
    await client.query('SELECT 1')
    expect(await statementsBeforeIo(client)).toBeLessThanOrEqual(1)
  })

  it('without it, a queue of statements runs as one task and I/O waits for all of them', async () => {
    const client = await PGlite.create()
    clients.push(client)
    await client.query('SELECT 1')
    expect(await statementsBeforeIo(client)).toBe(10)
  })

  it('keeps statements in order, and a transaction whole, when they take turns', async () => {
    const client = takeTurns(await PGlite.create())
    clients.push(client)
    await client.exec('CREATE TABLE t (n integer)')
    const order: string[] = []
    await Promise.all([
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (1)')
        await tx.query('INSERT INTO t VALUES (2)')
        order.push('tx')
      }),
      client.query<{ n: number }>('SELECT count(*)::int AS n FROM t').then((r) => order.push(`count ${r.rows[0]!.n}`)),
      client.exec('INSERT INTO t VALUES (3)').then(() => order.push('insert')),
    ])
    expect(order).toEqual(['tx', 'count 2', 'insert'])
  })

  it('gives the next turn to the statement of the request that started first, in order within a request', async () => {
    let current: number | undefined
    const client = takeTurns(await PGlite.create(), () => current)
    clients.push(client)
    await client.query('SELECT 1')
    const order: string[] = []
    const ask = (who: string, startedAt: number | undefined) => {
      current = startedAt
      const done = client.query('SELECT 1').then(() => order.push(who))
      current = undefined
      return done
    }
    // Asked in this order while a statement holds the turn: a request started at 20 ms twice, one at 10 ms.
    const holding = client.query('SELECT pg_sleep(0.02)')
    await Promise.all([holding, ask('late 1', 20), ask('late 2', 20), ask('early', 10)])
    expect(order).toEqual(['early', 'late 1', 'late 2'])
  })

  it('logs a turn that held the others for long, by its first words and without the values it was given', async () => {
    const lines: Record<string, unknown>[] = []
    const before = logger
    setLogger(pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }))
    try {
      const client = takeTurns(await PGlite.create())
      clients.push(client)
      await client.query("SELECT pg_sleep(0.3), 'secret@example.com' AS e, $1::text AS p", ['parameter value'])
      await client.query('SELECT 1')
    } finally {
      setLogger(before)
    }
    const long = lines.filter((line) => line.event === 'db.pglite.long_turn')
    expect(long).toHaveLength(1)
    expect(long[0]).toMatchObject({ sql: 'SELECT pg_sleep(0.3), ? AS e, $1::text AS p' })
    expect(long[0]!.ms).toBeGreaterThanOrEqual(250)
    expect(JSON.stringify(lines)).not.toMatch(/secret@example\.com|parameter value/)
  })
})
