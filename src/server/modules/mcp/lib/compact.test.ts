import { describe, expect, it } from 'vitest'
import { MCP } from '#common/constants'
import { compactRows, cutValue, firstOf } from './compact.ts'

describe('compact tool answers', () => {
  it('cuts a long value and says so, and leaves a short one as it is', () => {
    expect(cutValue('short')).toEqual({ value: 'short', isCut: false })
    const long = cutValue('x'.repeat(MCP.maxValueChars + 10))
    expect(long.isCut).toBe(true)
    expect(long.value).toBe(`${'x'.repeat(MCP.maxValueChars)}…`)
  })

  it('counts the values it cut in rows', () => {
    const { rows, cutValues } = compactRows([{ rowIndex: 3, values: { Name: 'Ada', Notes: 'n'.repeat(MCP.maxValueChars + 1) } }])
    expect(cutValues).toBe(1)
    expect(rows[0]!.values.Name).toBe('Ada')
    expect(rows[0]!.values.Notes!.length).toBe(MCP.maxValueChars + 1)
  })

  it('keeps the first items of a list with its total', () => {
    expect(firstOf([1, 2, 3], 2)).toEqual({ items: [1, 2], total: 3, truncated: true })
    expect(firstOf([1], 2)).toEqual({ items: [1], total: 1, truncated: false })
  })
})
