import { describe, expect, it } from 'vitest'
import type { AiRunEstimate } from '#common/schemas/enrichment'
import { creditsPerCell, describeEstimate, formatDuration, promptTestCredits } from './estimate-format'

const estimate: AiRunEstimate = {
  scope: 'all',
  rows: 1200,
  cells: 1200,
  calls: 1200,
  creditsPerCell: 2,
  credits: 2400,
  balance: 2000,
  covered: false,
  ownKey: false,
  budget: null,
  estimatedSeconds: 150,
  timing: { basis: 'history', sampleCalls: 200, secondsPerCall: 1.25, concurrency: 8 },
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

  it('says where the time comes from: recent calls of the model, or an assumption before any', () => {
    expect(describeEstimate(estimate).durationBasis).toBe('From the last 200 calls to gpt-4o-mini: 1.3 s each, 8 at a time.')
    const assumed = describeEstimate({ ...estimate, timing: { basis: 'assumed', sampleCalls: 0, secondsPerCall: 2, concurrency: 4 } })
    expect(assumed.durationBasis).toBe('No calls to gpt-4o-mini yet, so this assumes 2 s a call, 4 at a time.')
    expect(describeEstimate({ ...estimate, cells: 0, calls: 0 }).durationBasis).toBeNull()
  })

  it('says when identical inputs make fewer calls than cells', () => {
    expect(describeEstimate(estimate).distinctInputs).toBeNull()
    expect(describeEstimate({ ...estimate, calls: 220 }).distinctInputs).toBe('220 distinct inputs: each is asked once, its copies are free')
  })

  it('shows the budget cap and the own-key case', () => {
    const lines = describeEstimate({ ...estimate, budget: 100, cells: 50, credits: 100, covered: true, ownKey: true })
    expect(lines.cells).toBe('50 of 1,200 (budget)')
    expect(lines.credits).toBe('None (your own API key)')
    expect(lines.isShort).toBe(false)
  })
})
