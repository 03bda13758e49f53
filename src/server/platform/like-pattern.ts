/** `%term%` for ILIKE with the user's own `%`, `_` and `\` matched literally. */
export function likePattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}
