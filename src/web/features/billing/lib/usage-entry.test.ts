import { describe, expect, it } from 'vitest'
import { describeUsageEntry } from './usage-entry.ts'

describe('usage history lines', () => {
  it('names an AI run with its cells charged and refunded', () => {
    expect(describeUsageEntry({ operation: 'ai_enrichment_basic', cells: 1200, refunded_cells: 0 })).toBe('AI enrichment · 1,200 cells')
    expect(describeUsageEntry({ operation: 'ai_enrichment_advanced', cells: 5, refunded_cells: 2 })).toBe('AI enrichment with web search · 5 cells · 2 refunded')
    expect(describeUsageEntry({ operation: 'ai_enrichment_basic', cells: 1, refunded_cells: 0 })).toBe('AI enrichment · 1 cell')
  })

  it('names every other entry by its operation, a given-back prompt test as refunded', () => {
    expect(describeUsageEntry({ operation: 'prompt_test', cells: 1, refunded_cells: 0 })).toBe('Prompt test')
    expect(describeUsageEntry({ operation: 'prompt_test', cells: 1, refunded_cells: 1 })).toBe('Prompt test · refunded')
    expect(describeUsageEntry({ operation: 'trial_grant', cells: 1, refunded_cells: 0 })).toBe('Free trial credits')
  })
})
