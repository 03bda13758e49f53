import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { FOCUS_SEARCH_STATE, GLOBAL_SEARCH_INPUT_ID, isSearchShortcut } from '../lib/search-shortcut'

/**
 * Ctrl/Cmd+K from anywhere in the app: focuses the dashboard's search box, going to the dashboard
 * first when another page is shown. It takes the key before the browser (its own Ctrl+K) does.
 */
export function useSearchShortcut() {
  const navigate = useNavigate()
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return
      event.preventDefault()
      const input = document.getElementById(GLOBAL_SEARCH_INPUT_ID)
      if (input instanceof HTMLInputElement) {
        input.focus()
        input.select()
        return
      }
      void navigate('/dashboard', { state: FOCUS_SEARCH_STATE })
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [navigate])
}

/** Mounted once in the app's layout, for the shortcut. */
export function GlobalSearchShortcut() {
  useSearchShortcut()
  return null
}
