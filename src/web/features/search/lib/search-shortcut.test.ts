import { describe, expect, it } from 'vitest'
import { isFocusSearchState, isSearchShortcut } from './search-shortcut'

const key = (init: Partial<Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>>) => ({
  key: 'k',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...init,
})

describe('the search shortcut', () => {
  it('is Ctrl+K, or Cmd+K on a Mac, with Caps Lock on too', () => {
    expect(isSearchShortcut(key({ ctrlKey: true }))).toBe(true)
    expect(isSearchShortcut(key({ metaKey: true }))).toBe(true)
    expect(isSearchShortcut(key({ ctrlKey: true, key: 'K' }))).toBe(true)
  })

  it('is not K alone, nor with Shift or Alt, nor another letter', () => {
    expect(isSearchShortcut(key({}))).toBe(false)
    expect(isSearchShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false)
    expect(isSearchShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false)
    expect(isSearchShortcut(key({ ctrlKey: true, key: 'b' }))).toBe(false)
  })

  it('reads the navigation state that asks for the focus', () => {
    expect(isFocusSearchState({ focusGlobalSearch: true })).toBe(true)
    expect(isFocusSearchState(null)).toBe(false)
    expect(isFocusSearchState({ highlightRowIndex: 3 })).toBe(false)
  })
})
