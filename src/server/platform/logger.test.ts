import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pino } from 'pino'
import { db } from '#server/db/client'
import { rateLimits } from '#server/db/schema/index'
import { createTestApp, type TestApp } from '#server/test/test-app'
import { serializeError } from './logger.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
}, 120_000)
afterAll(async () => {
  await t?.close()
})

function captured() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { logger: pino({ serializers: { err: serializeError } }, stream), text: () => lines.join('') }
}

describe('logging a failed query', () => {
  it('keeps the statement and the error, never the values it was given', async () => {
    const secret = 'what-is-the-revenue-of-acme-gmbh'
    await db.insert(rateLimits).values({ key: secret, windowStart: new Date(), count: 1 })
    const error = await db
      .insert(rateLimits)
      .values({ key: secret, windowStart: new Date(), count: 1 })
      .then(() => null, (thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(Error)
    // What the error holds before it is logged: the value, in drizzle's message and PostgreSQL's detail.
    expect(JSON.stringify({ message: (error as Error).message, cause: String((error as Error & { cause?: { detail?: string } }).cause?.detail) })).toContain(secret)

    const { logger, text } = captured()
    logger.error({ event: 'http.error', err: error }, 'Unhandled error')
    const line = text()
    expect(line).toContain('insert into \\"rate_limits\\"')
    expect(line).toContain('duplicate key value violates unique constraint')
    expect(line).not.toContain(secret)
  })
})
