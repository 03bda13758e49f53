import { PGlite } from '@electric-sql/pglite'
import { afterEach, describe, expect, it } from 'vitest'
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
})
