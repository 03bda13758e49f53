import type { DateOrder } from '#common/schemas/uploads'

/**
 * Whether the browser's locale writes the day before the month (en-GB, de, fr: 25/12/2024) or
 * after it (en-US: 12/25/2024). Sent with an upload: the server uses it only for a date column
 * whose own dates and file do not settle their order.
 */
export function localeDateOrder(locale?: string): DateOrder {
  const parts = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(new Date(2024, 11, 25))
  const day = parts.findIndex((part) => part.type === 'day')
  const month = parts.findIndex((part) => part.type === 'month')
  return day < month ? 'dmy' : 'mdy'
}
