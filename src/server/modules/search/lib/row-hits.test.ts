import { describe, expect, it } from 'vitest'
import { SEARCH } from '#common/constants'
import { cutAround, cutEnd, hitOfRow, normaliseTerm, rankHits, wordStartOf, type RankedHit } from './row-hits.ts'

const columns = [
  { key: 'c1', name: 'Name' },
  { key: 'c2', name: 'Company' },
  { key: 'c3', name: 'City' },
  { key: 'c4', name: 'Notes' },
]
const row = (values: Record<string, string>, rowIndex = 0, uploadId = 'u1') => ({ uploadId, fileName: 'leads.csv', rowIndex, values })

describe('the word-start rule', () => {
  it('finds a term at the start of the value or of a later word, ignoring case', () => {
    expect(wordStartOf('Acme Corp', 'acme')).toBe(0)
    expect(wordStartOf('The Acme Corp', 'acme')).toBe(4)
    expect(wordStartOf('Big\tacme', 'acme')).toBe(4)
  })

  it('refuses a term found only inside words', () => {
    expect(wordStartOf('Megacme', 'acme')).toBe(-1)
    expect(wordStartOf('john@acme.com', 'acme')).toBe(-1)
  })

  it('takes the first word-start occurrence after a mid-word one', () => {
    expect(wordStartOf('coral cor', 'or')).toBe(-1)
    expect(wordStartOf('decor corner', 'cor')).toBe(6)
  })

  it('treats a blank term as no search', () => {
    expect(normaliseTerm('   ')).toBe('')
    expect(wordStartOf('anything', '')).toBe(-1)
  })
})

describe('cutting', () => {
  it('cuts context at its length limit with an ellipsis', () => {
    expect(cutEnd('x'.repeat(30), 30)).toBe('x'.repeat(30))
    expect(cutEnd('x'.repeat(31), 30)).toBe(`${'x'.repeat(29)}…`)
  })

  it('keeps a match past the cut in view', () => {
    const value = `${'a '.repeat(100)}needle ${'b '.repeat(100)}`
    const cut = cutAround(value, value.indexOf('needle'), 6, 100)
    expect(cut.text).toHaveLength(100)
    expect(cut.text.startsWith('…')).toBe(true)
    expect(cut.text.endsWith('…')).toBe(true)
    expect(cut.text.slice(cut.at, cut.at + 6)).toBe('needle')
  })

  it('keeps a match near the end of a long value with its end', () => {
    const value = `${'a'.repeat(150)} needle`
    const cut = cutAround(value, value.indexOf('needle'), 6, 100)
    expect(cut.text).toHaveLength(100)
    expect(cut.text.endsWith('needle')).toBe(true)
    expect(cut.text.slice(cut.at, cut.at + 6)).toBe('needle')
  })
})

describe("a row's hit", () => {
  it('names the matched column and two other non-empty values as context', () => {
    const hit = hitOfRow(row({ c1: 'Ada', c2: 'Acme Corp', c3: '', c4: 'Likes tea' }), columns, 'acme')!
    expect(hit.field).toEqual({ key: 'c2', name: 'Company', value: 'Acme Corp' })
    expect(hit.isPrefix).toBe(true)
    expect(hit.context).toEqual([
      { key: 'c1', name: 'Name', value: 'Ada' },
      { key: 'c4', name: 'Notes', value: 'Likes tea' },
    ])
  })

  it('prefers a value that starts with the term, then the shorter value', () => {
    expect(hitOfRow(row({ c1: 'The Acme', c2: 'Acme Corporation' }), columns, 'acme')!.field.key).toBe('c2')
    expect(hitOfRow(row({ c1: 'Acme Corporation', c2: 'Acme' }), columns, 'acme')!.field.key).toBe('c2')
  })

  it('is null when no value has a word starting with the term, or the value is in no column', () => {
    expect(hitOfRow(row({ c1: 'Megacme' }), columns, 'acme')).toBeNull()
    expect(hitOfRow(row({ c9: 'Acme' }), columns, 'acme')).toBeNull()
  })
})

describe('ranking', () => {
  const ranked = (hit: Partial<RankedHit>): RankedHit => ({
    uploadId: 'u1',
    fileName: 'f',
    rowIndex: 0,
    field: { key: 'c1', name: 'Name', value: '' },
    matchAt: 0,
    isPrefix: false,
    context: [],
    valueLength: 10,
    ...hit,
  })

  it('puts prefix matches first, then shorter values, then the newer file and earlier row', () => {
    const order = new Map([
      ['new', 0],
      ['old', 1],
    ])
    const hits = [
      ranked({ rowIndex: 1, valueLength: 3 }),
      ranked({ rowIndex: 2, isPrefix: true, valueLength: 40 }),
      ranked({ rowIndex: 3, isPrefix: true, valueLength: 12, uploadId: 'old' }),
      ranked({ rowIndex: 4, isPrefix: true, valueLength: 12, uploadId: 'new' }),
    ]
    expect(rankHits(hits, order).map((hit) => hit.rowIndex)).toEqual([4, 3, 2, 1])
  })

  it(`answers at most ${SEARCH.maxResults} hits`, () => {
    expect(rankHits(Array.from({ length: 20 }, (_, i) => ranked({ rowIndex: i })), new Map())).toHaveLength(SEARCH.maxResults)
  })
})
