import { FORMULA_FUNCTIONS } from '#common/schemas/formula'
import type { Suggestion, SuggestionRange } from '#web/components/suggestion-textarea'

/**
 * The formula editor's suggestions (issue 32): inside an open `{` the columns, filtered by what
 * follows it (as the prompt editor's `@`); at a word being typed the functions whose names start
 * with it, with their signature. Nothing inside quoted text.
 */

/** Where the caret is: in quoted text, in a `{column` being typed (from its brace), or elsewhere. */
function placeAt(text: string, caret: number): { inText: boolean; columnStart: number | null } {
  let quote: string | null = null
  let columnStart: number | null = null
  for (let i = 0; i < caret; i += 1) {
    const char = text[i]!
    if (quote) {
      if (char === '\\') i += 1
      else if (char === quote) quote = null
    } else if (columnStart !== null) {
      if (char === '}') columnStart = null
    } else if (char === '"' || char === "'") quote = char
    else if (char === '{') columnStart = i
  }
  return { inText: quote !== null, columnStart }
}

const byStart = <T>(items: T[], nameOf: (item: T) => string, query: string) => {
  const q = query.toLowerCase()
  const matching = items.filter((item) => nameOf(item).toLowerCase().includes(q))
  return [...matching.filter((item) => nameOf(item).toLowerCase().startsWith(q)), ...matching.filter((item) => !nameOf(item).toLowerCase().startsWith(q))]
}

export function formulaSuggestions(columnNames: readonly string[], text: string, caret: number): SuggestionRange | null {
  const place = placeAt(text, caret)
  if (place.inText) return null
  if (place.columnStart !== null) {
    const start = place.columnStart
    const query = text.slice(start + 1, caret)
    // A closing brace right after the caret is the reference's own: replaced, not doubled.
    const end = text[caret] === '}' ? caret + 1 : caret
    const options = byStart([...columnNames], (name) => name, query.trim()).map((name): Suggestion => ({ key: `column:${name}`, label: name, insert: `{${name}}` }))
    return { start, end, options }
  }
  const word = /[A-Za-z_][A-Za-z0-9_]*$/.exec(text.slice(0, caret))
  if (!word) return null
  const start = caret - word[0].length
  // A word right after a digit is part of a number (1e5), not a name.
  if (start > 0 && /[0-9.]/.test(text[start - 1]!)) return null
  const query = word[0].toUpperCase()
  const functions = FORMULA_FUNCTIONS.filter((f) => f.name.startsWith(query))
  // Nothing to offer (TRUE, a typo): no list, the checker says what is wrong.
  if (functions.length === 0) return null
  // The rest of a word the caret is inside, and a call's bracket already there, are replaced too.
  let end = caret + (/^[A-Za-z0-9_]*/.exec(text.slice(caret))?.[0].length ?? 0)
  const hasBracket = text[end] === '('
  if (hasBracket) end += 1
  const options = functions.map(
    (f): Suggestion => ({
      key: `function:${f.name}`,
      label: f.name,
      detail: `${f.signature}: ${f.description}`,
      insert: f.args.length === 0 && !hasBracket ? `${f.name}()` : `${f.name}(`,
    }),
  )
  return { start, end, options }
}
