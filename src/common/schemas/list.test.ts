import { describe, expect, it } from 'vitest'
import { listQuerySchema, toPage } from './list.ts'

describe('the list contract', () => {
  it('counts whole pages and keeps one page for an empty list', () => {
    expect(toPage(['a', 'b'], { count: 101, page: 2, perPage: 50 })).toEqual({ data: ['a', 'b'], count: 101, page: 2, perPage: 50, totalPages: 3 })
    expect(toPage([], { count: 0, page: 1, perPage: 20 }).totalPages).toBe(1)
  })

  it('reads page and perPage from a query string, with defaults and a 100-row cap', () => {
    expect(listQuerySchema().parse({})).toEqual({ page: 1, perPage: 50 })
    expect(listQuerySchema({ defaultPerPage: 20 }).parse({ page: '3' })).toEqual({ page: 3, perPage: 20 })
    expect(listQuerySchema().safeParse({ perPage: '101' }).success).toBe(false)
    expect(listQuerySchema().safeParse({ page: '0' }).success).toBe(false)
  })
})
