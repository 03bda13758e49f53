/** A term's `%`, `_` and `\` escaped, so LIKE and ILIKE match them literally. */
export function escapeLike(term: string) {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`)
}

/** `%term%` for ILIKE with the user's own `%`, `_` and `\` matched literally. */
export function likePattern(term: string) {
  return `%${escapeLike(term)}%`
}
