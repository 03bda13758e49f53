import { useEffect, useState } from 'react'

/**
 * True for `durationMs` after `changedAt` (epoch ms; 0 for never), for the highlight of something
 * just updated. A change whose highlight was already over when the component mounted (a row
 * scrolled into sight later) shows none.
 */
export function useFlash(changedAt: number, durationMs: number): boolean {
  // The change whose highlight is over.
  const [flashedAt, setFlashedAt] = useState(() => (Date.now() - changedAt >= durationMs ? changedAt : -1))
  useEffect(() => {
    if (changedAt === 0) return
    const timer = setTimeout(() => setFlashedAt(changedAt), Math.max(0, changedAt + durationMs - Date.now()))
    return () => clearTimeout(timer)
  }, [changedAt, durationMs])
  return changedAt !== 0 && flashedAt !== changedAt
}
