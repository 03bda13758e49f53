import { describe, expect, it } from 'vitest'
import type { AiFieldTemplate } from '#common/schemas/templates'
import { filterTemplates, promptPreview, usedInSummary } from './template-display'

function template(overrides: Partial<AiFieldTemplate>): AiFieldTemplate {
  return {
    id: crypto.randomUUID(),
    name: 'Lead score',
    field_name: 'Score',
    prompt_template: 'Rate {Company}',
    enable_advanced_search: false,
    description: null,
    created_at: '2026-11-22T10:00:00.000Z',
    updated_at: '2026-11-22T10:00:00.000Z',
    used_in: [],
    used_in_count: 0,
    ...overrides,
  }
}

describe('filterTemplates', () => {
  const list = [
    template({ name: 'Lead score' }),
    template({ name: 'Industry', field_name: 'Sector' }),
    template({ name: 'Summary', prompt_template: 'Summarise the WEBSITE of {Company}' }),
    template({ name: 'Other', description: 'finds the CEO' }),
  ]

  it('keeps everything for a blank search', () => {
    expect(filterTemplates(list, '   ')).toHaveLength(4)
  })

  it('matches name, field name, prompt and description without regard to case', () => {
    expect(filterTemplates(list, 'lead').map((t) => t.name)).toEqual(['Lead score'])
    expect(filterTemplates(list, 'SECTOR').map((t) => t.name)).toEqual(['Industry'])
    expect(filterTemplates(list, 'website').map((t) => t.name)).toEqual(['Summary'])
    expect(filterTemplates(list, 'ceo').map((t) => t.name)).toEqual(['Other'])
    expect(filterTemplates(list, 'nothing like it')).toEqual([])
  })
})

describe('promptPreview', () => {
  it('leaves a prompt of 100 characters or fewer whole', () => {
    expect(promptPreview('a'.repeat(100))).toBeNull()
  })

  it('cuts a longer prompt at 100 characters and adds an ellipsis', () => {
    expect(promptPreview(`${'a'.repeat(100)}bcd`)).toBe(`${'a'.repeat(100)}...`)
  })

  it('never splits an emoji in two', () => {
    const preview = promptPreview('🔥'.repeat(101))
    expect(preview).toBe(`${'🔥'.repeat(100)}...`)
  })
})

describe('usedInSummary', () => {
  it('shows up to 3 files and counts the rest', () => {
    expect(usedInSummary({ used_in: ['a.csv', 'b.csv', 'c.csv'], used_in_count: 7 })).toEqual({ files: ['a.csv', 'b.csv', 'c.csv'], more: 4 })
    expect(usedInSummary({ used_in: ['a.csv'], used_in_count: 1 })).toEqual({ files: ['a.csv'], more: 0 })
    expect(usedInSummary({ used_in: [], used_in_count: 0 })).toEqual({ files: [], more: 0 })
  })
})
