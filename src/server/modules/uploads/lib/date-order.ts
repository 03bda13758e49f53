import type { DateOrder, DateOrderBasis } from '#common/schemas/uploads'
import type { DateEvidence } from '#server/modules/row-storage/row-facts'

export type DateOrderDecision =
  /** No day/month dates (ISO only, or none): there is no order to decide. */
  | { kind: 'none' }
  /** Dates only a day-first reading makes real and others only a month-first one does: not a date column. */
  | { kind: 'mixed'; dayFirstExample: string; monthFirstExample: string }
  | { kind: 'order'; order: DateOrder; basis: DateOrderBasis }

/** What the file says beyond a column's own dates, and what the uploader's browser reads. */
export type DateSigns = { isEuropean: boolean; localeOrder: DateOrder | undefined }

/**
 * A date column's order from all its values: a date only one reading makes real settles it; both
 * kinds seen, it is not a date column. Where none settles it: dotted dates or the file's European
 * signs read day first; otherwise the uploader's locale does (month first when none was sent, as
 * the reading was before orders were stored).
 */
export function decideDateOrder(evidence: DateEvidence, signs: DateSigns): DateOrderDecision {
  if (evidence.numeric === 0) return { kind: 'none' }
  if (evidence.dayFirst > 0 && evidence.monthFirst > 0) {
    return { kind: 'mixed', dayFirstExample: evidence.dayFirstExample ?? '', monthFirstExample: evidence.monthFirstExample ?? '' }
  }
  if (evidence.dayFirst > 0) return { kind: 'order', order: 'dmy', basis: 'values' }
  if (evidence.monthFirst > 0) return { kind: 'order', order: 'mdy', basis: 'values' }
  if (evidence.dotted > 0 || signs.isEuropean) return { kind: 'order', order: 'dmy', basis: 'file' }
  return { kind: 'order', order: signs.localeOrder ?? 'mdy', basis: 'locale' }
}

/** `12,5`, `-0,75`, `1.234,56`: a comma before the decimals. `1,234` is a thousands separator. */
const DECIMAL_COMMA = /^[-+]?(?:\d+|\d{1,3}(?:\.\d{3})+),\d+$/
const THOUSANDS_COMMA = /^[-+]?\d{1,3}(?:,\d{3})+$/

/** Whether a file's delimiter or its numbers are written the European way. */
export function hasEuropeanSigns(delimiter: string | null, rows: Array<Record<string, string>>): boolean {
  if (delimiter === ';') return true
  return rows.some((row) =>
    Object.values(row).some((value) => {
      const text = value.trim()
      return DECIMAL_COMMA.test(text) && !THOUSANDS_COMMA.test(text)
    }),
  )
}
