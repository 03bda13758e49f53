import { describe, expect, it } from 'vitest'
import type { UploadColumn } from '#common/schemas/uploads'
import { checkColumnName, isEditableColumn, moveColumnKey, visibleColumns, withOrder } from './column-rules'

const column = (key: string, position: number, extra: Partial<UploadColumn> = {}): UploadColumn => ({
  key,
  name: key[0]!.toUpperCase() + key.slice(1),
  type: 'text',
  position,
  hidden: false,
  kind: 'source',
  width: null,
  dateOrder: null,
  dateOrderBasis: null,
  ...extra,
})

const columns = [column('email', 1), column('name', 0), column('score', 2, { kind: 'ai', name: 'Score' }), column('notes', 3, { hidden: true })]

describe('column rules', () => {
  it('shows columns by position without the hidden ones', () => {
    expect(visibleColumns(columns).map((c) => c.key)).toEqual(['name', 'email', 'score'])
  })

  it('lets the user edit source and added columns only', () => {
    expect(isEditableColumn({ kind: 'source' })).toBe(true)
    expect(isEditableColumn({ kind: 'manual' })).toBe(true)
    expect(isEditableColumn({ kind: 'ai' })).toBe(false)
  })

  it('refuses empty, unchanged and AI-field names', () => {
    expect(checkColumnName('  ', columns)).toMatchObject({ ok: false, reason: 'empty' })
    expect(checkColumnName('Email ', columns, 'email')).toMatchObject({ ok: false, reason: 'unchanged' })
    expect(checkColumnName('score', columns, 'email')).toMatchObject({ ok: false, reason: 'ai_conflict', name: 'score' })
    expect(checkColumnName(' E-mail ', columns, 'email')).toEqual({ ok: true, name: 'E-mail' })
    expect(checkColumnName('Phone', columns)).toEqual({ ok: true, name: 'Phone' })
  })

  it('moves a dragged key onto its target', () => {
    expect(moveColumnKey(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd'])
    expect(moveColumnKey(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c'])
    expect(moveColumnKey(['a', 'b'], 'a', 'a')).toBeNull()
    expect(moveColumnKey(['a', 'b'], 'a', 'x')).toBeNull()
  })

  it('applies a key order to positions', () => {
    expect(withOrder(columns, ['score', 'name', 'email', 'notes']).find((c) => c.key === 'score')?.position).toBe(0)
  })
})
