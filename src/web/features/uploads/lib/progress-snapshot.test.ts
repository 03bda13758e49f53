import { describe, expect, it } from 'vitest'
import type { AppEventOf } from '#common/events'
import { snapshotFromEvent, snapshotFromProgress } from './progress-snapshot'

const event = (overrides: Partial<AppEventOf<'upload.progress'>> = {}): AppEventOf<'upload.progress'> => ({
  type: 'upload.progress',
  uploadId: 'u1',
  status: 'processing',
  processedRows: 250,
  totalRows: 1000,
  bytesRead: 100,
  totalBytes: 400,
  validRows: 249,
  skippedRows: 1,
  errorMessage: null,
  ...overrides,
})

describe('snapshotFromEvent', () => {
  it('measures by rows when the total is known', () => {
    expect(snapshotFromEvent(event()).percent).toBe(25)
  })

  it('measures by bytes read while the row total is unknown', () => {
    expect(snapshotFromEvent(event({ totalRows: null, bytesRead: 300 })).percent).toBe(75)
    expect(snapshotFromEvent(event({ totalRows: null, totalBytes: 0 })).percent).toBe(0)
  })

  it('is full once completed and never above 100', () => {
    expect(snapshotFromEvent(event({ status: 'completed', processedRows: 990 })).percent).toBe(100)
    expect(snapshotFromEvent(event({ processedRows: 1200 })).percent).toBe(100)
  })
})

describe('snapshotFromProgress', () => {
  it('maps the progress endpoint', () => {
    expect(
      snapshotFromProgress({
        status: 'failed',
        processed_rows: 10,
        total_rows: 20,
        progress_percentage: 50,
        error_message: 'Broken quote on line 11',
        valid_rows: 9,
        skipped_rows: 1,
        data_quality_issues: [],
      }),
    ).toEqual({
      status: 'failed',
      processedRows: 10,
      totalRows: 20,
      validRows: 9,
      skippedRows: 1,
      errorMessage: 'Broken quote on line 11',
      percent: 50,
    })
  })
})
