import { describe, expect, it } from 'vitest'
import { UPLOAD_MESSAGES } from '#common/messages'
import { describeFlowStatus, flowPercent, isFlowBusy, type UploadFlowState } from './upload-flow-state'

const processing = (processedRows: number, totalRows: number | null, percent = 0): UploadFlowState => ({
  phase: 'processing',
  fileName: 'leads.csv',
  uploadId: 'u1',
  processedRows,
  totalRows,
  percent,
})

describe('describeFlowStatus', () => {
  it('reads Ready to upload before a file is chosen', () => {
    expect(describeFlowStatus({ phase: 'idle' })).toBe('Ready to upload')
    expect(describeFlowStatus({ phase: 'error', fileName: 'notes.pdf', message: 'x', title: 'Invalid file type' })).toBe('Invalid file type')
  })

  it('shows the real share of bytes sent while uploading', () => {
    const state: UploadFlowState = { phase: 'uploading', fileName: 'a.csv', loadedBytes: 512, totalBytes: 2048 }
    expect(describeFlowStatus(state)).toBe('Uploading file... 25%')
    expect(flowPercent(state)).toBe(25)
  })

  it('shows no percentage when nothing is sent (the sample import)', () => {
    expect(describeFlowStatus({ phase: 'uploading', fileName: 'sample-leads.csv', loadedBytes: 0, totalBytes: 0 })).toBe(
      'Uploading file...',
    )
  })

  it('says Processing CSV data... until rows are counted, then the row progress', () => {
    expect(describeFlowStatus(processing(0, null))).toBe('Processing CSV data...')
    expect(describeFlowStatus(processing(1500, 3000))).toBe('Processing rows... 1,500 of 3,000')
    expect(describeFlowStatus(processing(1500, null))).toBe('Processing rows... 1,500')
  })

  it('ends with Upload complete! or Upload failed', () => {
    expect(
      describeFlowStatus({ phase: 'complete', fileName: 'a.csv', uploadId: 'u1', totalRows: 3, validRows: 3, skippedRows: 0 }),
    ).toBe(UPLOAD_MESSAGES.statusComplete)
    expect(describeFlowStatus({ phase: 'error', fileName: 'a.csv', message: 'x' })).toBe(UPLOAD_MESSAGES.statusFailed)
  })
})

describe('flowPercent and isFlowBusy', () => {
  it('uses the processing percent and fills up on completion', () => {
    expect(flowPercent(processing(10, 40, 25.4))).toBe(25)
    expect(flowPercent({ phase: 'complete', fileName: 'a', uploadId: 'u', totalRows: 1, validRows: 1, skippedRows: 0 })).toBe(100)
    expect(flowPercent({ phase: 'uploading', fileName: 'a', loadedBytes: 0, totalBytes: 0 })).toBe(0)
  })

  it('is busy while uploading, confirming or processing', () => {
    expect(isFlowBusy(processing(0, null))).toBe(true)
    expect(isFlowBusy({ phase: 'idle' })).toBe(false)
    expect(isFlowBusy({ phase: 'error', fileName: null, message: 'x' })).toBe(false)
  })
})
