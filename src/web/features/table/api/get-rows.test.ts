import { afterEach, describe, expect, it, vi } from 'vitest'
import { getRows } from './get-rows.ts'
import { stubFetchAnswer } from '#web/test/stub-fetch'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the rows endpoint on the typed client', () => {
  it('sends the view as the query and keeps the session cookie', async () => {
    const fetch = stubFetchAnswer(200, { data: [], count: 0, isCountExact: true, page: 2, perPage: 50, totalPages: 1 })
    await getRows('u1', { page: 2, perPage: 50, view: { q: 'acme', filters: [], sort: { column: 'c_1', direction: 'desc' } } })
    const [url, init] = fetch.mock.calls[0]!
    expect(new URL(url, 'http://x').searchParams.toString()).toBe('q=acme&sort=c_1%3Adesc&page=2&perPage=50')
    expect(init?.credentials).toBe('same-origin')
  })
})
