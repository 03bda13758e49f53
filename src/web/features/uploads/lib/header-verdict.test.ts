import { describe, expect, it } from 'vitest'
import { UPLOAD_MESSAGES } from '#common/messages'
import { automaticHeaderChoice, confidencePercent, headerVerdict, isNoHeadersDefault, previewRowCount } from './header-verdict'

describe('headerVerdict', () => {
  it('is confident from 0.8', () => {
    expect(headerVerdict(0.8)).toBe(UPLOAD_MESSAGES.headerConfident)
    expect(headerVerdict(1)).toBe(UPLOAD_MESSAGES.headerConfident)
  })

  it('says maybe from 0.5 to under 0.8', () => {
    expect(headerVerdict(0.5)).toBe(UPLOAD_MESSAGES.headerMaybe)
    expect(headerVerdict(0.79)).toBe(UPLOAD_MESSAGES.headerMaybe)
  })

  it('says probably not under 0.5', () => {
    expect(headerVerdict(0.49)).toBe(UPLOAD_MESSAGES.headerUnlikely)
    expect(headerVerdict(0)).toBe(UPLOAD_MESSAGES.headerUnlikely)
  })
})

describe('confidencePercent', () => {
  it('rounds to a whole percent within 0..100', () => {
    expect(confidencePercent(0.755)).toBe(76)
    expect(confidencePercent(1.2)).toBe(100)
    expect(confidencePercent(-0.1)).toBe(0)
  })
})

describe('isNoHeadersDefault', () => {
  it("makes 'No Headers' the default button below 0.5 and only there", () => {
    expect(isNoHeadersDefault(0)).toBe(true)
    expect(isNoHeadersDefault(0.49)).toBe(true)
    expect(isNoHeadersDefault(0.5)).toBe(false)
    expect(isNoHeadersDefault(0.9)).toBe(false)
  })
})

describe('automaticHeaderChoice', () => {
  it('accepts the detected row when the detector leans to a header', () => {
    expect(automaticHeaderChoice({ confidence: 0.6, detectedHeaderRow: 2 })).toEqual({ hasHeaders: true, headerRowIndex: 2 })
  })

  it('imports every row as data when a header is unlikely', () => {
    expect(automaticHeaderChoice({ confidence: 0.3, detectedHeaderRow: 1 })).toEqual({ hasHeaders: false, headerRowIndex: 0 })
  })
})

describe('previewRowCount', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => [`r${i}`])

  it('shows five rows, or fewer when the file is shorter', () => {
    expect(previewRowCount({ rows: rows(20), detectedHeaderRow: 0 })).toBe(5)
    expect(previewRowCount({ rows: rows(3), detectedHeaderRow: 0 })).toBe(3)
  })

  it('reaches down to a header detected below the fifth row', () => {
    expect(previewRowCount({ rows: rows(20), detectedHeaderRow: 7 })).toBe(8)
  })
})
