/**
 * A first name for a formula saved as a column: what it reads, without braces and functions'
 * clutter (`NUMBER({Revenue}) / NUMBER({Employees})` is 'Revenue / Employees'); the user edits it.
 */
export function suggestedColumnName(formula: string): string {
  const columns = [...formula.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]!.trim()).filter(Boolean)
  const operator = formula.match(/\}\)?\s*([-+*/&])\s*[A-Z_]*\(?\{/)?.[1]
  const name = columns.length === 2 && operator ? `${columns[0]} ${operator} ${columns[1]}` : formula.replace(/[{}]/g, '')
  return name.slice(0, 80).trim()
}
