/**
 * How much a decoded text looks like real writing, judged only on its non-ASCII characters:
 * the right legacy encoding turns them into letters that sit inside words of one script, the
 * wrong ones into control codes, stray symbols, mixed scripts and capitals in mid-word
 * ("SupplŽment", "sal‰m", "dolnoœl¹skie", "Ôîíä"). Returns the average score per non-ASCII
 * character, roughly -8 (garbage) to +1 (clean letters); 0 when there is nothing to judge.
 */
export function scoreDecodedText(text: string): number {
  let total = 0
  let judged = 0
  const chars = Array.from(text)
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string
    if ((char.codePointAt(0) as number) < 0x80) continue
    judged++
    total += scoreChar(char, chars[i - 1], chars[i + 1])
  }
  total += scoreWords(text)
  return judged === 0 ? 0 : total / judged
}

type Family = 'latin' | 'cyrillic' | 'greek' | 'cjk' | 'other'

const LETTER = /\p{L}/u
const UPPER = /\p{Lu}/u
const LOWER = /\p{Ll}/u
const INVALID = /[\p{Cc}\p{Co}\p{Cn}\p{Cs}\uFFFD]/u
const NUMBER_SIGN = /\p{No}/u
const SPACE = /\p{Zs}/u
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uffef]/u
/** Symbols that real text uses next to letters or numbers. */
const COMMON_SYMBOLS = new Set('£€¥¢°©®«»–—‘’‚“”„…•·§¿¡×÷±µ'.split(''))
const CURRENCY = new Set('£€¥¢'.split(''))
const INSIDE_WORD_OK = new Set('’‘·–'.split(''))

function family(char: string): Family {
  if (CJK.test(char)) return 'cjk'
  if (!LETTER.test(char)) return 'other'
  const code = char.codePointAt(0) as number
  if (code < 0x250 || (code >= 0x1e00 && code < 0x1f00)) return 'latin'
  if (code >= 0x400 && code < 0x530) return 'cyrillic'
  if (code >= 0x370 && code < 0x400) return 'greek'
  return 'other'
}

function isLetterish(char: string | undefined): char is string {
  return char !== undefined && (LETTER.test(char) || CJK.test(char))
}

function scoreChar(char: string, prev: string | undefined, next: string | undefined): number {
  if (INVALID.test(char)) return -8
  const own = family(char)
  if (own === 'cjk') {
    // CJK characters glued to Latin letters are how Big5 or Shift_JIS misread European text.
    const touchesLatin = (prev !== undefined && /[A-Za-z]/.test(prev)) || (next !== undefined && /[A-Za-z]/.test(next))
    if (touchesLatin) return -4
    // Real CJK text comes in runs; one isolated character among ASCII is more likely a misread byte.
    const inRun = (prev !== undefined && CJK.test(prev)) || (next !== undefined && CJK.test(next))
    return inRun ? 1 : 0.2
  }
  if (LETTER.test(char)) {
    for (const neighbour of [prev, next]) {
      if (isLetterish(neighbour) && family(neighbour) !== own) return -4
    }
    if (UPPER.test(char) && prev !== undefined && LOWER.test(prev)) return -3
    // A lone accented letter ("Ł 1,80") is rarer in real text than a word that contains one.
    return isLetterish(prev) || isLetterish(next) ? 1 : 0.3
  }
  const insideWord = isLetterish(prev) && isLetterish(next)
  const touchesLetter = isLetterish(prev) || isLetterish(next)
  if (NUMBER_SIGN.test(char)) return touchesLetter ? -3 : 0
  if (SPACE.test(char)) return 0
  if (CURRENCY.has(char) && next !== undefined && /[\d ]/.test(next)) return 0.6
  if (COMMON_SYMBOLS.has(char)) return insideWord && !INSIDE_WORD_OK.has(char) ? -2 : 0.2
  return touchesLetter ? -3 : -1
}

/**
 * Cyrillic read as a Latin code page gives words made only of accented letters ("Ôîíä");
 * real Western words nearly always mix in plain ASCII letters.
 */
function scoreWords(text: string): number {
  let penalty = 0
  for (const match of text.matchAll(/\p{L}{2,}/gu)) {
    const word = match[0]
    if (/[A-Za-z]/.test(word)) continue
    const letters = Array.from(word)
    if (letters.every((letter) => family(letter) === 'latin')) penalty -= 2 * letters.length
  }
  return penalty
}
