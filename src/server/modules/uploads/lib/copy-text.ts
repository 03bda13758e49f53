/**
 * Rows as PostgreSQL COPY text (`upload_id \t row_index \t data`), data being JSON keyed by
 * stable column keys with empty cells left out. Pure, so the import worker thread can build it.
 */

export type RowCells = { index: number; cells: string[] }

/** The stable key of the source column at a 0-based position: c1, c2, ... */
export const sourceColumnKey = (position: number) => `c${position + 1}`

const quotedKeys: string[] = []
const quotedKey = (i: number) => (quotedKeys[i] ??= `${JSON.stringify(sourceColumnKey(i))}:`)

export function rowJson(cells: string[]): string {
  let json = '{'
  let first = true
  for (let i = 0; i < cells.length; i += 1) {
    const value = cells[i]
    if (!value) continue
    json += (first ? '' : ',') + quotedKey(i) + JSON.stringify(value)
    first = false
  }
  return json + '}'
}

/**
 * COPY text format escapes backslash, tab, newline and carriage return. JSON has already written
 * the last three as `\t`, `\n`, `\r`, so only its backslashes need doubling.
 */
function copyEscapeJson(json: string): string {
  return json.includes('\\') ? json.replace(/\\/g, '\\\\') : json
}

/**
 * The row's values lower-cased, for PGlite's stored search text (rowcraft_row_text's reading).
 * Tabs and line breaks become spaces, which COPY then needs no escapes for but backslashes.
 */
export function searchText(cells: string[]): string {
  let text = ''
  for (const value of cells) if (value) text += (text ? ' ' : '') + value
  text = text.toLowerCase().replace(/[\t\n\r]/g, ' ')
  return text.includes('\\') ? text.replace(/\\/g, '\\\\') : text
}

export type CopyTextOptions = { withSearchText: boolean }

export function copyText(uploadId: string, rows: RowCells[], { withSearchText }: CopyTextOptions): string {
  const prefix = `${uploadId}\t`
  let text = ''
  if (withSearchText) {
    for (const row of rows) text += `${prefix}${row.index}\t${copyEscapeJson(rowJson(row.cells))}\t${searchText(row.cells)}\n`
  } else {
    for (const row of rows) text += `${prefix}${row.index}\t${copyEscapeJson(rowJson(row.cells))}\n`
  }
  return text
}
