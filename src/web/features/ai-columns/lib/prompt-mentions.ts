import type { SuggestionRange } from '#web/components/suggestion-textarea'

/**
 * The prompt box's @-suggestions (001 §5): typing `@` offers the columns filtered by the text typed
 * after it; choosing one inserts `{Column Name}`; the list closes when a space follows the @ text.
 */

/** An `@` being typed: where it is and the text after it up to the caret. */
export type ActiveMention = { start: number; query: string }

/** The mention the caret is in, or null (no `@` before it, or a space since). */
export function activeMention(text: string, caret: number): ActiveMention | null {
  const start = text.lastIndexOf('@', caret - 1)
  if (start < 0) return null
  // An `@` inside a word (an e-mail address in the prompt) is not a mention.
  const before = start > 0 ? text[start - 1] : ''
  if (before && !/[\s([{,;:"']/.test(before)) return null
  const query = text.slice(start + 1, caret)
  if (/\s/.test(query)) return null
  return { start, query }
}

/** Columns whose name holds the query (case-insensitive), those starting with it first. */
export function filterColumnNames(names: string[], query: string): string[] {
  const q = query.toLowerCase()
  const matching = names.filter((name) => name.toLowerCase().includes(q))
  return [...matching.filter((name) => name.toLowerCase().startsWith(q)), ...matching.filter((name) => !name.toLowerCase().startsWith(q))]
}

/** The columns offered for the `@` the caret is in, each replacing `@query` with `{Column Name}`. */
export function mentionSuggestions(columnNames: string[], text: string, caret: number): SuggestionRange | null {
  const mention = activeMention(text, caret)
  if (!mention) return null
  const options = filterColumnNames(columnNames, mention.query).map((name) => ({ key: name, label: name, insert: `{${name}}` }))
  return { start: mention.start, end: mention.start + 1 + mention.query.length, options }
}

/** Column names a prompt refers to as `{Name}` (`{{` and `}}` are literal braces). */
export function referencedColumns(prompt: string): string[] {
  const names: string[] = []
  const pattern = /\{\{|\}\}|\{([^{}]+)\}/g
  for (const match of prompt.matchAll(pattern)) {
    const name = match[1]?.trim()
    if (name && !names.some((known) => known.toLowerCase() === name.toLowerCase())) names.push(name)
  }
  return names
}

/** Names the prompt refers to that are no column of the file (the server refuses them too). */
export function unknownColumns(prompt: string, columnNames: string[]): string[] {
  const known = new Set(columnNames.map((name) => name.toLowerCase()))
  return referencedColumns(prompt).filter((name) => !known.has(name.toLowerCase()))
}
