import { describe, expect, it } from 'vitest'
import { DEFAULT_PAGE_SIZE } from '#common/constants'
import { readGridUrl, writeGridUrl, type GridUrlState } from './grid-url'

const state: GridUrlState = {
  q: 'acme',
  filters: [{ column: 'c3', operator: 'greater_than', value: '10' }],
  aiFilter: { where: { all: [{ column: 'Country', op: 'equals', value: 'USA' }] }, query: 'Who is in the USA?' },
  sort: { column: 'c2', direction: 'desc' },
  page: 3,
  perPage: 25,
}

describe('the grid in the URL', () => {
  it('reads back what it wrote, keeping the parameters that are not the grid’s', () => {
    const params = writeGridUrl(new URLSearchParams('mode=signin&page=9'), state)
    expect(params.get('mode')).toBe('signin')
    expect(params.get('sort')).toBe('c2:desc')
    expect(readGridUrl(params)).toEqual(state)
  })

  it('leaves the defaults out, so a plain grid has a plain URL', () => {
    const params = writeGridUrl(new URLSearchParams(), { q: '  ', filters: [], aiFilter: undefined, sort: undefined, page: 1, perPage: DEFAULT_PAGE_SIZE })
    expect(params.toString()).toBe('')
    expect(readGridUrl(params)).toEqual({ q: '', filters: [], aiFilter: undefined, sort: undefined, page: 1, perPage: DEFAULT_PAGE_SIZE })
  })

  it('drops only the part of a hand-edited URL that makes no sense', () => {
    const read = readGridUrl(new URLSearchParams('q=bo&filters=%7Bnot-json&where=%7B%22op%22%3A1%7D&aiq=x&sort=c2:sideways&page=-4&perPage=7'))
    expect(read).toEqual({ q: 'bo', filters: [], aiFilter: undefined, sort: undefined, page: 1, perPage: DEFAULT_PAGE_SIZE })
  })
})
