import { describe, expect, it } from 'vitest'
import { GRID_MESSAGES } from '#common/messages'
import { inputModeFor, readCellDraft } from './cell-input'

describe('cell editor input', () => {
  it('offers a number keyboard for numbers and text for the rest', () => {
    expect(inputModeFor('number')).toBe('decimal')
    expect(inputModeFor('date')).toBe('text')
    expect(inputModeFor('text')).toBe('text')
  })

  it('refuses text a number column cannot read instead of emptying the cell', () => {
    expect(readCellDraft('number', 'Employees', 'abc')).toEqual({ error: GRID_MESSAGES.cellNeedsNumber('Employees') })
    expect(readCellDraft('number', 'Employees', '1,500')).toEqual({ value: '1,500' })
    expect(readCellDraft('number', 'Employees', '-3.5')).toEqual({ value: '-3.5' })
  })

  it('takes a date as the grid writes it and refuses one it cannot read', () => {
    expect(readCellDraft('date', 'Signed Up', '2022-04-22')).toEqual({ value: '2022-04-22' })
    expect(readCellDraft('date', 'Signed Up', '2022-13-40')).toEqual({ error: GRID_MESSAGES.cellNeedsDate('Signed Up') })
    expect(readCellDraft('boolean', 'Active', 'maybe')).toEqual({ error: GRID_MESSAGES.cellNeedsBoolean('Active') })
  })

  it('sends blank as null to empty the cell, whatever the type', () => {
    expect(readCellDraft('number', 'Employees', '  ')).toEqual({ value: null })
    expect(readCellDraft('text', 'Notes', 'Acme')).toEqual({ value: 'Acme' })
  })
})
