import { describe, expect, it } from 'vitest'
import { checkUploadFile, formatFileSizeKb, isAcceptedUploadType } from './file-validation'

const MB = 1024 * 1024
const file = (name: string, size = 100, type = '') => ({ name, size, type })

describe('isAcceptedUploadType', () => {
  it.each(['leads.csv', 'LEADS.CSV', 'export.Tsv', 'notes.txt', 'book.XLSX', 'a.b.csv'])(
    'accepts %s by its extension',
    (name) => expect(isAcceptedUploadType(file(name))).toBe(true),
  )

  it.each(['leads.json', 'image.png', 'book.xls', 'archive.csv.zip'])(
    'refuses %s',
    (name) => expect(isAcceptedUploadType(file(name, 100, 'text/csv'))).toBe(false),
  )

  it('accepts a .csv whatever MIME type the browser reports', () => {
    expect(isAcceptedUploadType(file('leads.csv', 1, 'application/vnd.ms-excel'))).toBe(true)
    expect(isAcceptedUploadType(file('leads.csv', 1, 'application/octet-stream'))).toBe(true)
  })

  it('accepts a name without extension only on an importer MIME type', () => {
    expect(isAcceptedUploadType(file('leads', 1, 'text/csv'))).toBe(true)
    expect(isAcceptedUploadType(file('leads', 1, 'image/png'))).toBe(false)
    expect(isAcceptedUploadType(file('leads', 1, ''))).toBe(false)
  })
})

describe('checkUploadFile', () => {
  it('passes a CSV within the limit', () => {
    expect(checkUploadFile(file('a.csv', 10 * MB), 10)).toEqual({ ok: true })
  })

  it('refuses a file over the server limit and names the limit', () => {
    expect(checkUploadFile(file('a.csv', 10 * MB + 1), 10)).toEqual({ ok: false, reason: 'size', limitMb: 10 })
  })

  it('skips the size check while the limit is unknown', () => {
    expect(checkUploadFile(file('a.csv', 900 * MB), undefined)).toEqual({ ok: true })
  })

  it('refuses an empty file and checks the type first', () => {
    expect(checkUploadFile(file('a.csv', 0), 10)).toEqual({ ok: false, reason: 'empty' })
    expect(checkUploadFile(file('a.pdf', 0), 10)).toEqual({ ok: false, reason: 'type' })
  })
})

describe('formatFileSizeKb', () => {
  it('shows kilobytes with one decimal', () => {
    expect(formatFileSizeKb(0)).toBe('0.0 KB')
    expect(formatFileSizeKb(1536)).toBe('1.5 KB')
    expect(formatFileSizeKb(5 * MB)).toBe('5,120.0 KB')
  })
})
