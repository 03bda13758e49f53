/** The id of the dashboard's global search box, which Ctrl/Cmd+K focuses. */
export const GLOBAL_SEARCH_INPUT_ID = 'global-search-input'

/** Navigation state asking the dashboard to focus its search box once it is shown. */
export const FOCUS_SEARCH_STATE = { focusGlobalSearch: true } as const

export const isFocusSearchState = (state: unknown) => (state as { focusGlobalSearch?: unknown } | null)?.focusGlobalSearch === true

/** Ctrl+K, or Cmd+K on a Mac. */
export const isSearchShortcut = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k'
