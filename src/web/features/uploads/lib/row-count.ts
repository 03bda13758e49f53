/** '1 row', '1,234 rows'. */
export function formatRowCount(rows: number): string {
  return `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}`
}
