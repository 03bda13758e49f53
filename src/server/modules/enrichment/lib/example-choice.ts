import { CORRECTIONS } from '#common/constants'

/**
 * Which of a column's examples a call sends (decision 038): the most similar to the row first,
 * by trigram Jaccard similarity of their inputs, at most `CORRECTIONS.examplesPerCall` of them and
 * within `CORRECTIONS.exampleTokensPerCall`. Deterministic: equal similarity goes to the lower row
 * number, so the same row and examples always send the same prompt. No embeddings: no provider of
 * them is reachable, and the inputs of lead lists (names, companies, domains) are short strings
 * whose spelling is what they share.
 */

/** An example as a run holds it: its inputs by column key and the corrected value. */
export type FieldExample = { rowIndex: number; inputs: Record<string, string>; value: string }

/**
 * A value's trigrams as pg_trgm makes them: lower-cased, each word padded with two spaces in front
 * and one behind, tagged with its column so the same word in another column does not count.
 */
export function trigramsOf(key: string, value: string, into: Set<string> = new Set()): Set<string> {
  for (const word of value.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word === '') continue
    const padded = `  ${word} `
    for (let i = 0; i + 3 <= padded.length; i++) into.add(`${key}\u0000${padded.slice(i, i + 3)}`)
  }
  return into
}

/** The trigrams of the values of `keys` in a row (or an example's inputs). */
export function inputTrigrams(keys: readonly string[], values: Record<string, string | undefined>): Set<string> {
  const grams = new Set<string>()
  for (const key of keys) trigramsOf(key, values[key] ?? '', grams)
  return grams
}

/** |A ∩ B| / |A ∪ B|; 0 when both are empty (nothing to compare is no likeness). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0
  const [small, large] = a.size <= b.size ? [a, b] : [b, a]
  let shared = 0
  for (const gram of small) if (large.has(gram)) shared++
  return shared / (a.size + b.size - shared)
}

/** Tokens an example costs in the prompt, by the rough rule of characters / 4. */
export const tokensOf = (text: string) => Math.ceil(text.length / CORRECTIONS.charsPerToken)

/**
 * The examples to send for a row, most similar first. `render` gives an example's text in the
 * prompt (its tokens count against the cap); an example too long for what is left is passed over
 * for the next one.
 */
export function chooseExamples<E extends FieldExample>({
  examples,
  keys,
  row,
  render,
  limit = CORRECTIONS.examplesPerCall,
  tokenBudget = CORRECTIONS.exampleTokensPerCall,
}: {
  examples: ReadonlyArray<E & { grams?: Set<string> }>
  keys: readonly string[]
  row: Record<string, string | undefined>
  render: (example: E) => string
  limit?: number
  tokenBudget?: number
}): E[] {
  if (examples.length === 0 || limit <= 0) return []
  const rowGrams = inputTrigrams(keys, row)
  const ranked = examples
    .map((example) => ({ example, score: jaccard(rowGrams, example.grams ?? inputTrigrams(keys, example.inputs)) }))
    .sort((a, b) => b.score - a.score || a.example.rowIndex - b.example.rowIndex)
  const chosen: E[] = []
  let left = tokenBudget
  for (const { example } of ranked) {
    if (chosen.length >= limit) break
    const cost = tokensOf(render(example))
    if (cost > left) continue
    chosen.push(example)
    left -= cost
  }
  return chosen
}
