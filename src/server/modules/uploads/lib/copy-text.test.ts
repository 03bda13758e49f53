import { describe, expect, it } from 'vitest'
import { copyText, rowJson, sourceColumnKey } from './copy-text.ts'

describe('copyText', () => {
  it('keys values by column position and leaves empty cells out', () => {
    expect(sourceColumnKey(0)).toBe('c1')
    expect(JSON.parse(rowJson(['Ann', '', 'Oslo']))).toEqual({ c1: 'Ann', c3: 'Oslo' })
  })

  it('writes one COPY text line per row with backslashes doubled and no raw tabs or newlines', () => {
    const text = copyText('u-1', [{ index: 7, cells: ['a\tb', 'line\nbreak', 'back\\slash "q"'] }], { withSearchText: false })
    expect(text.endsWith('\n')).toBe(true)
    const line = text.slice(0, -1)
    expect(line.split('\t')).toHaveLength(3)
    expect(line).not.toContain('\n')
    const [, index, data] = line.split('\t')
    expect(index).toBe('7')
    // COPY undoes the doubling; the result is the JSON of the row.
    expect(JSON.parse(data!.replace(/\\\\/g, '\\'))).toEqual({ c1: 'a\tb', c2: 'line\nbreak', c3: 'back\\slash "q"' })
  })

  it('adds the lower-cased search text PGlite stores, with tabs and line breaks as spaces', () => {
    const text = copyText('u-1', [{ index: 0, cells: ['Ann\tB', '', 'OSLO\nNorth', 'C:\\x'] }], { withSearchText: true })
    const fields = text.slice(0, -1).split('\t')
    expect(fields).toHaveLength(4)
    // COPY undoes the doubled backslash.
    expect(fields[3]).toBe('ann b oslo north c:\\\\x')
  })
})
