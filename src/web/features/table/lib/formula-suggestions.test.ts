import { describe, expect, it } from 'vitest'
import { formulaSuggestions } from './formula-suggestions'

const columns = ['Email', 'Company', 'Signup date']
const labels = (text: string, caret = text.length) => formulaSuggestions(columns, text, caret)?.options.map((option) => option.label) ?? null

describe('formulaSuggestions', () => {
  it('offers the columns inside an open brace, those starting with the typed part first', () => {
    expect(labels('LOWER({')).toEqual(['Email', 'Company', 'Signup date'])
    expect(labels('LOWER({da')).toEqual(['Signup date'])
    expect(labels('LOWER({m')).toEqual(['Email', 'Company'])
    expect(formulaSuggestions(columns, 'LOWER({com', 10)).toMatchObject({ start: 6, end: 10, options: [{ insert: '{Company}' }] })
  })

  it('replaces the closing brace after the caret instead of doubling it', () => {
    expect(formulaSuggestions(columns, 'LOWER({Em})', 9)).toMatchObject({ start: 6, end: 10 })
  })

  it('offers the functions whose name starts with the word being typed, with their signature', () => {
    const range = formulaSuggestions(columns, 'IF(do', 5)
    expect(range).toMatchObject({ start: 3, end: 5 })
    expect(range?.options).toEqual([
      { key: 'function:DOMAIN', label: 'DOMAIN', detail: expect.stringMatching(/^DOMAIN\(email_or_url\): The host/), insert: 'DOMAIN(' },
    ])
    expect(formulaSuggestions(columns, 'TOD', 3)?.options[0]?.insert).toBe('TODAY()')
  })

  it('keeps a bracket already typed and replaces the rest of the word the caret is in', () => {
    expect(formulaSuggestions(columns, 'LOWR({Email})', 2)).toMatchObject({ start: 0, end: 5, options: [{ label: 'LOWER', insert: 'LOWER(' }] })
  })

  it('offers nothing inside quoted text, after a finished reference, for a number or a word no function starts with', () => {
    expect(labels('"{Em')).toBeNull()
    expect(labels('"LOW')).toBeNull()
    expect(labels('{Email} ')).toBeNull()
    expect(labels('1e5')).toBeNull()
    expect(labels('TRUE')).toBeNull()
    expect(labels('"a \\" LO')).toBeNull()
  })
})
