import { describe, expect, it } from 'vitest'
import { UPLOAD_MESSAGES } from '#common/messages'
import { ApiError } from '#web/lib/api-client'
import { describeRejectedFile, describeRejectedStatus, describeUploadFailure, describeUploadSuccess } from './upload-outcome'
import { UploadProcessingError } from './upload-errors'

describe('describeUploadFailure', () => {
  it("shows the server's message for a refused upload", () => {
    const error = new ApiError('UNSUPPORTED_MEDIA_TYPE', 415, 'Only CSV, TSV, TXT and XLSX files can be imported.')
    expect(describeUploadFailure('upload', error)).toEqual({
      title: 'Upload failed',
      description: 'Only CSV, TSV, TXT and XLSX files can be imported.',
    })
  })

  it('falls back to the generic upload text for an unknown error', () => {
    expect(describeUploadFailure('upload', new TypeError('x')).description).toBe(UPLOAD_MESSAGES.uploadFailedBody)
  })

  it("shows the import's error_message, or the generic processing text", () => {
    expect(describeUploadFailure('processing', new UploadProcessingError('failed', 'Row 12 is unreadable'))).toEqual({
      title: 'Processing failed',
      description: 'Row 12 is unreadable',
    })
    expect(describeUploadFailure('processing', new UploadProcessingError('failed')).description).toBe(
      'There was an error processing your file',
    )
  })

  it('says Unable to check processing status when the outcome is unknown', () => {
    expect(describeUploadFailure('processing', new UploadProcessingError('status-check'))).toEqual({
      title: 'Processing error',
      description: 'Unable to check processing status',
    })
  })

  it('uses the header-flow text when confirming headers fails without a message', () => {
    expect(describeUploadFailure('headers', new Error('offline')).description).toBe(UPLOAD_MESSAGES.headerFlowFailed)
  })
})

describe('describeUploadSuccess', () => {
  it('counts valid and skipped rows for a background import', () => {
    expect(describeUploadSuccess({ fileName: 'a.csv', validRows: 40, skippedRows: 2, inBackground: true }).description).toBe(
      'File processed successfully with 40 valid rows. 2 rows were skipped due to data quality issues',
    )
  })

  it('names the file otherwise', () => {
    expect(describeUploadSuccess({ fileName: 'a.csv', validRows: 40, skippedRows: 0, inBackground: false })).toEqual({
      title: 'Upload successful',
      description: 'a.csv has been uploaded and processed',
    })
  })
})

describe('describeRejectedFile', () => {
  it('words a wrong type per surface, naming every type the importer takes', () => {
    const accepted = 'CSV (.csv), TSV (.tsv), text (.txt) or Excel (.xlsx)'
    expect(describeRejectedFile({ ok: false, reason: 'type' }, 'dialog')).toEqual({
      title: 'Invalid file type',
      description: `Please select a ${accepted} file`,
    })
    expect(describeRejectedFile({ ok: false, reason: 'type' }, 'page').description).toBe(`Please select a valid ${accepted} file`)
    expect(describeRejectedFile({ ok: false, reason: 'type' }, 'landing')).toEqual({
      title: 'Invalid File Type',
      description: `Please upload a ${accepted} file`,
    })
    // The dialog names the same types as the toast.
    expect(UPLOAD_MESSAGES.acceptedTypes(null)).toBe(`Accepted: ${accepted}`)
  })

  it('names the size limit', () => {
    expect(describeRejectedFile({ ok: false, reason: 'size', limitMb: 25 }, 'dialog').description).toBe(
      UPLOAD_MESSAGES.tooLarge(25),
    )
  })
})

describe('describeRejectedStatus', () => {
  it('names the refused file and every accepted type in the dialog status line', () => {
    const status = describeRejectedStatus({ ok: false, reason: 'type' }, 'notes.pdf')
    expect(status.title).toBe('Invalid file type')
    expect(status.description).toBe('notes.pdf is not a file we can import. Choose a CSV (.csv), TSV (.tsv), text (.txt) or Excel (.xlsx) file.')
  })

  it('says the size limit for a file too large', () => {
    expect(describeRejectedStatus({ ok: false, reason: 'size', limitMb: 10 }, 'big.csv')).toEqual(describeRejectedFile({ ok: false, reason: 'size', limitMb: 10 }, 'dialog'))
  })
})
