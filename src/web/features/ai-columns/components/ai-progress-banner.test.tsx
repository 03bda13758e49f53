import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AI_COLUMN_MESSAGES, AI_FIELD_MESSAGES } from '#common/messages'
import type { AiField } from '#common/schemas/enrichment'
import { AiProgressBanner } from './ai-progress-banner'

const counts = { queued: 30, running: 0, done: 10, error: 0, no_credits: 0, stale: 0, cancelled: 0, total: 40, corrected: 0 }

function fieldWith(status: AiField['status'], stopReason: string | null): AiField {
  return {
    id: 'f1',
    uploadId: 'u1',
    columnKey: 'ai_1',
    name: 'Industry',
    prompt: 'Which industry is {Company} in?',
    promptVersion: 1,
    outputType: { kind: 'text' },
    webSearch: false,
    source: null,
    status,
    counts,
    processedRows: 10,
    totalRows: 40,
    run: { scope: 'all', total: 40, budget: null, creditsSpent: 10, startedAt: '2026-12-07T10:00:00.000Z', finishedAt: null, stopReason },
    autoRun: { enabled: false, coverStale: false, monthlyCap: null, spentThisMonth: 0, pausedAt: null },
    createdAt: '2026-12-07T10:00:00.000Z',
    updatedAt: '2026-12-07T10:00:00.000Z',
  }
}

const noop = () => {}

describe('the run banner', () => {
  it('says a run paused for want of a plan is waiting on one, with Resume at hand', () => {
    render(<AiProgressBanner field={fieldWith('paused', 'no_active_plan')} isBusy={false} isRefreshing={false} onAction={noop} onRefresh={noop} />)
    expect(screen.getByRole('status').textContent).toContain(AI_COLUMN_MESSAGES.bannerPaused('Industry'))
    expect(screen.getByText(AI_FIELD_MESSAGES.pausedNoActivePlan)).toBeTruthy()
    expect(screen.getByRole('button', { name: AI_COLUMN_MESSAGES.resume }).hasAttribute('disabled')).toBe(false)
  })

  it('says nothing of a plan when the user paused the run', () => {
    render(<AiProgressBanner field={fieldWith('paused', null)} isBusy={false} isRefreshing={false} onAction={noop} onRefresh={noop} />)
    expect(screen.queryByText(AI_FIELD_MESSAGES.pausedNoActivePlan)).toBeNull()
  })
})
