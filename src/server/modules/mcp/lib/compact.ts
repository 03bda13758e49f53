import { MCP } from '#common/constants'

/**
 * What a tool answers is read by a model, character by character: long values are cut and long
 * lists shortened, and the answer says so (`truncated`, `total`, `cutValues`) so the model knows
 * to ask for the next page or a narrower view instead of concluding from a part.
 */

export function cutValue(value: string, max: number = MCP.maxValueChars): { value: string; isCut: boolean } {
  if (value.length <= max) return { value, isCut: false }
  return { value: `${value.slice(0, max)}…`, isCut: true }
}

type Row = { rowIndex: number; values: Record<string, string> }

/** Rows with every value cut to MCP.maxValueChars, and how many values were cut. */
export function compactRows(rows: readonly Row[]): { rows: Row[]; cutValues: number } {
  let cutValues = 0
  const compacted = rows.map((row) => ({
    rowIndex: row.rowIndex,
    // What people read (decision 034): a model tells them 'row 1027', never the 0-based index.
    rowNumber: row.rowIndex + 1,
    values: Object.fromEntries(
      Object.entries(row.values).map(([name, raw]) => {
        const { value, isCut } = cutValue(raw)
        if (isCut) cutValues += 1
        return [name, value]
      }),
    ),
  }))
  return { rows: compacted, cutValues }
}

/** The first `max` items, with the total and whether some were left out. */
export function firstOf<T>(items: readonly T[], max: number): { items: T[]; total: number; truncated: boolean } {
  return { items: items.slice(0, max), total: items.length, truncated: items.length > max }
}
