import { CHAT } from '#common/constants'

/**
 * Whether a question adds to the previous answer (001 §5: also, additionally, and, furthermore,
 * plus, include, add). Read literally, "and" anywhere would merge "leads in France and Spain"
 * into whatever was asked before; so a follow-up word counts when it opens the question, and the
 * three that only ever mean "in addition" (also, additionally, furthermore) count anywhere.
 */
const ANYWHERE = new Set(['also', 'additionally', 'furthermore'])

export function isFollowUp(query: string): boolean {
  const words = query.toLowerCase().match(/[a-z]+/g) ?? []
  if (words.length === 0) return false
  if ((CHAT.followUpWords as readonly string[]).includes(words[0]!)) return true
  return words.some((word) => ANYWHERE.has(word))
}
