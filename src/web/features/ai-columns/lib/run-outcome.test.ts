import { describe, expect, it } from 'vitest'
import type { AiField } from '#common/schemas/enrichment'
import { completionToast, withProgress } from './run-outcome'

const counts = { queued: 0, running: 0, done: 12, error: 0, no_credits: 0, stale: 0, cancelled: 0, total: 12, corrected: 0 }
const run = { scope: 'all' as const, total: 12, budget: null, creditsSpent: 12, startedAt: '', finishedAt: null, stopReason: null }

describe('completionToast', () => {
  it('says processed/total for a run that ran to its end', () => {
    expect(completionToast({ processedRows: 12, totalRows: 12, counts, run })).toBe('12/12 rows processed')
  })

  it('says why a run stopped early, counting the cells it filled', () => {
    expect(completionToast({ processedRows: 300, totalRows: 300, counts: { ...counts, done: 5 }, run: { ...run, stopReason: 'budget' } })).toBe(
      '5/300 rows processed. The run stopped at its credit budget.',
    )
    expect(completionToast({ processedRows: 10, totalRows: 10, counts: { ...counts, done: 4 }, run: { ...run, stopReason: 'no_credits' } })).toBe(
      '4/10 rows processed. Insufficient credits.',
    )
  })

  it('says nothing for a run the user cancelled', () => {
    expect(completionToast({ processedRows: 3, totalRows: 12, counts, run: { ...run, stopReason: 'cancelled' } })).toBeNull()
  })
})

describe('withProgress', () => {
  it('takes the status, progress, counts and stop reason of a progress event', () => {
    const field = { id: 'f', status: 'processing', processedRows: 0, totalRows: 12, counts, run } as unknown as AiField
    const next = withProgress(field, {
      type: 'field.progress',
      uploadId: 'u',
      fieldId: 'f',
      status: 'completed',
      creditBalance: 40,
      processedRows: 12,
      totalRows: 12,
      done: 10,
      errors: 1,
      noCredits: 1,
      creditsSpent: 10,
      stopReason: 'no_credits',
    })
    expect(next).toMatchObject({ status: 'completed', processedRows: 12, counts: { done: 10, error: 1, no_credits: 1 }, run: { creditsSpent: 10, stopReason: 'no_credits' } })
  })
})
