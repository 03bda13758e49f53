const HOUR_MS = 60 * 60 * 1000

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})

/**
 * The spec's relative label (000 §9, 001 §9): under 1 hour 'Just now', under 24 h 'Nh ago',
 * under 48 h 'Yesterday', else the date. A time slightly in the future (clock skew) is 'Just now'.
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return ''
  const elapsedMs = now.getTime() - date.getTime()
  if (elapsedMs < HOUR_MS) return 'Just now'
  if (elapsedMs < 24 * HOUR_MS) return `${Math.floor(elapsedMs / HOUR_MS)}h ago`
  if (elapsedMs < 48 * HOUR_MS) return 'Yesterday'
  return dateFormat.format(date)
}
