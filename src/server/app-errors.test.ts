import { expect, it } from 'vitest'
import { createTestApp, errorOf } from '#server/test/test-app'

// Its own file: it breaks the database on purpose, and the database is process-wide.
it('hides internal errors behind a generic message with the request id', async () => {
  const t = await createTestApp()
  await t.runtime.database.close()
  const res = await t.browser().request('/api/health')
  expect(res.status).toBe(500)
  const body = await res.clone().text()
  const error = await errorOf(res)
  expect(error.code).toBe('INTERNAL')
  expect(error.message).toContain(res.headers.get('x-request-id')!)
  expect(body).not.toMatch(/\bat .+\.(ts|js):\d+/)
  await t.close().catch(() => {})
})
