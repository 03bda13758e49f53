import { describe, expect, it } from 'vitest'
import type { AiRunEstimate } from '#common/schemas/enrichment'
import { creditsPerCell, describeEstimate, formatDuration, promptTestCredits } from './estimate-format'

const estimate: AiRunEstimate = {
  scope: 'all',
  rows: 1200,
  cells: 1200,
  creditsPerCell: 2,
  credits: 2400,
  balance: 2000,
  covered: false,
  ownKey: false,
  budget: null,
  estimatedSeconds: 150,
  provider: 'openai',
  model: 'gpt-4o-mini',
}

describe('estimate formatting', () => {
  it('charges 1 credit a cell, 2 with web search, and the same for a test', () => {
    expect(creditsPerCell(false)).toBe(1)
    expect(creditsPerCell(true)).toBe(2)
    expect(promptTestCredits(true)).toBe(2)
  })

  it('rounds durations to words', () => {
    expect(formatDuration(12)).toBe('under a minute')
    expect(formatDuration(150)).toBe('about 3 minutes')
    expect(formatDuration(60)).toBe('about 1 minute')
    expect(formatDuration(4800)).toBe('about 1 h 20 min')
    expect(formatDuration(7200)).toBe('about 2 h')
  })

  it('says what the run costs and by how much the balance falls short', () => {
    const lines = describeEstimate(estimate)
    expect(lines.rows).toBe('1,200')
    expect(lines.credits).toBe('2,400 credits (2 credits per cell)')
    expect(lines.balance).toBe('2,000 credits')
    expect(lines.isShort).toBe(true)
    expect(lines.shortBy).toBe(400)
    expect(lines.duration).toBe('about 3 minutes')
  })

  it('shows the budget cap and the own-key case', () => {
    const lines = describeEstimate({ ...estimate, budget: 100, cells: 50, credits: 100, covered: true, ownKey: true })
    expect(lines.cells).toBe('50 of 1,200 (budget)')
    expect(lines.credits).toBe('None (your own API key)')
    expect(lines.isShort).toBe(false)
  })
})
