import { describe, expect, it } from 'vitest'
import { activeMention, filterColumnNames, mentionSuggestions, referencedColumns, unknownColumns } from './prompt-mentions'

describe('activeMention', () => {
  it('finds the @ being typed and the text after it', () => {
    expect(activeMention('Score @Com', 10)).toEqual({ start: 6, query: 'Com' })
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' })
  })

  it('closes when a space follows the @ text', () => {
    expect(activeMention('Score @Com ', 11)).toBeNull()
  })

  it('ignores an @ inside a word such as an e-mail address', () => {
    expect(activeMention('mail ann@acme', 13)).toBeNull()
  })

  it('looks only before the caret', () => {
    expect(activeMention('@Name and more', 5)).toEqual({ start: 0, query: 'Name' })
    expect(activeMention('text @x', 3)).toBeNull()
  })
})

describe('filterColumnNames', () => {
  it('keeps names holding the query, those starting with it first, ignoring case', () => {
    expect(filterColumnNames(['Company Name', 'Name', 'Email', 'Nickname'], 'name')).toEqual(['Name', 'Company Name', 'Nickname'])
  })

  it('offers every column for an empty query', () => {
    expect(filterColumnNames(['A', 'B'], '')).toEqual(['A', 'B'])
  })
})

describe('mentionSuggestions', () => {
  it('offers the matching columns, each replacing @query with {Column Name}', () => {
    const text = 'Rate @comp for fit'
    expect(mentionSuggestions(['Name', 'Company Name'], text, 10)).toEqual({
      start: 5,
      end: 10,
      options: [{ key: 'Company Name', label: 'Company Name', insert: '{Company Name}' }],
    })
    expect(mentionSuggestions(['Name'], 'Rate it', 7)).toBeNull()
  })
})

describe('referencedColumns', () => {
  it('lists each named column once and skips literal braces', () => {
    expect(referencedColumns('{Name} at {Company}, {{not}} {name}')).toEqual(['Name', 'Company'])
  })

  it('reports names that are no column', () => {
    expect(unknownColumns('{Name} and {Phone}', ['name', 'Email'])).toEqual(['Phone'])
  })
})
