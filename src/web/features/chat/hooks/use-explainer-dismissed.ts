import { useCallback, useState } from 'react'
import { CHAT } from '#common/constants'

function readDismissed(): boolean {
  try {
    return localStorage.getItem(CHAT.explainerDismissedKey) === 'true'
  } catch {
    return false
  }
}

/** The chat's explainer panel, dismissed for good once closed or after the first question (001 §5: remembered locally). */
export function useExplainerDismissed() {
  const [isDismissed, setIsDismissed] = useState(readDismissed)
  const dismiss = useCallback(() => {
    setIsDismissed(true)
    try {
      localStorage.setItem(CHAT.explainerDismissedKey, 'true')
    } catch {
      // Blocked storage: dismissed for this visit only.
    }
  }, [])
  return { isDismissed, dismiss }
}
