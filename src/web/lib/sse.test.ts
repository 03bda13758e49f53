import { describe, expect, it } from 'vitest'
import { parseAppEvent } from './sse'

const progress = {
  type: 'upload.progress',
  uploadId: 'u1',
  status: 'processing',
  processedRows: 500,
  totalRows: 1000,
  bytesRead: 2048,
  totalBytes: 4096,
  validRows: 498,
  skippedRows: 2,
  errorMessage: null,
}

describe('parseAppEvent', () => {
  it('reads an upload progress event', () => {
    expect(parseAppEvent(JSON.stringify(progress))).toEqual(progress)
  })

  it('ignores malformed JSON, unknown event types and missing fields', () => {
    expect(parseAppEvent('{not json')).toBeNull()
    expect(parseAppEvent(JSON.stringify({ ...progress, type: 'cell.updated' }))).toBeNull()
    expect(parseAppEvent(JSON.stringify({ ...progress, status: 'paused' }))).toBeNull()
    const { processedRows: _processedRows, ...withoutRows } = progress
    expect(parseAppEvent(JSON.stringify(withoutRows))).toBeNull()
  })

  it('ignores a payload that is not text (a keep-alive comment has none)', () => {
    expect(parseAppEvent(undefined)).toBeNull()
    expect(parseAppEvent('')).toBeNull()
  })
})
