import chardet from 'chardet'
import { scoreDecodedText } from './text-plausibility.ts'

export type EncodingGuess = {
  /** A WHATWG label that `new TextDecoder(encoding)` accepts. */
  encoding: string
  /** Bytes of byte-order mark to skip before decoding. */
  bomLength: number
  confidence: number
  reason: string
}

const utf8Fatal = new TextDecoder('utf-8', { fatal: true })

/**
 * Single-byte and CJK encodings we always try when a sample is not UTF-8. chardet alone gets
 * Polish Windows-1250 (it says Big5) and MacRoman (it says Windows-1252) wrong, so its answer is
 * only one more candidate, and every candidate is judged by how plausible its decoded text is.
 */
const LEGACY_CANDIDATES = ['windows-1252', 'windows-1250', 'windows-1251', 'macintosh', 'shift_jis']

/** chardet names -> TextDecoder labels; ISO-8859-1 becomes its superset Windows-1252. */
const CHARDET_LABELS: Record<string, string> = {
  'ISO-8859-1': 'windows-1252',
  'ISO-8859-2': 'iso-8859-2',
  'ISO-8859-5': 'iso-8859-5',
  'ISO-8859-6': 'iso-8859-6',
  'ISO-8859-7': 'iso-8859-7',
  'ISO-8859-8': 'iso-8859-8',
  'ISO-8859-9': 'windows-1254',
  'windows-1250': 'windows-1250',
  'windows-1251': 'windows-1251',
  'windows-1252': 'windows-1252',
  'windows-1253': 'windows-1253',
  'windows-1254': 'windows-1254',
  'windows-1256': 'windows-1256',
  'KOI8-R': 'koi8-r',
  Shift_JIS: 'shift_jis',
  'EUC-JP': 'euc-jp',
  'EUC-KR': 'euc-kr',
  Big5: 'big5',
  GB18030: 'gb18030',
}

export function detectEncoding(sample: Uint8Array): EncodingGuess {
  const bom = detectBom(sample)
  if (bom) return bom

  const utf16 = detectUtf16WithoutBom(sample)
  if (utf16) return utf16

  const utf8 = checkUtf8(sample)
  if (utf8.valid) {
    return utf8.multiByte > 0
      ? { encoding: 'utf-8', bomLength: 0, confidence: 0.99, reason: 'Valid UTF-8 with non-ASCII characters' }
      : { encoding: 'utf-8', bomLength: 0, confidence: 0.9, reason: 'Only ASCII characters; read as UTF-8' }
  }
  return guessLegacyEncoding(sample)
}

function detectBom(sample: Uint8Array): EncodingGuess | null {
  const [b0, b1, b2] = sample
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) {
    return { encoding: 'utf-8', bomLength: 3, confidence: 1, reason: 'UTF-8 byte-order mark' }
  }
  if (b0 === 0xff && b1 === 0xfe) {
    return { encoding: 'utf-16le', bomLength: 2, confidence: 1, reason: 'UTF-16LE byte-order mark' }
  }
  if (b0 === 0xfe && b1 === 0xff) {
    return { encoding: 'utf-16be', bomLength: 2, confidence: 1, reason: 'UTF-16BE byte-order mark' }
  }
  return null
}

/** Text saved as UTF-16 without a BOM still shows itself: Latin text has a NUL in every other byte. */
function detectUtf16WithoutBom(sample: Uint8Array): EncodingGuess | null {
  const length = Math.min(sample.length, 8192) & ~1
  if (length < 4) return null
  let evenNuls = 0
  let oddNuls = 0
  for (let i = 0; i < length; i += 2) {
    if (sample[i] === 0) evenNuls++
    if (sample[i + 1] === 0) oddNuls++
  }
  const pairs = length / 2
  if (oddNuls / pairs > 0.4 && evenNuls / pairs < 0.05) {
    return { encoding: 'utf-16le', bomLength: 0, confidence: 0.9, reason: 'No BOM, but NUL bytes in every odd position (UTF-16LE)' }
  }
  if (evenNuls / pairs > 0.4 && oddNuls / pairs < 0.05) {
    return { encoding: 'utf-16be', bomLength: 0, confidence: 0.9, reason: 'No BOM, but NUL bytes in every even position (UTF-16BE)' }
  }
  return null
}

/**
 * Length of an incomplete UTF-8 sequence at the very end of `bytes` (0 when it ends cleanly). A
 * sample cut from a file can end half-way through a character; that must not count as invalid.
 */
export function incompleteUtf8Tail(bytes: Uint8Array): number {
  const end = bytes.length
  for (let back = 1; back <= 3 && back <= end; back++) {
    const byte = bytes[end - back] as number
    if ((byte & 0xc0) === 0x80) continue // continuation byte: keep looking for the lead byte
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1
    return needed > back ? back : 0
  }
  return 0
}

function checkUtf8(sample: Uint8Array): { valid: boolean; multiByte: number } {
  const complete = sample.subarray(0, sample.length - incompleteUtf8Tail(sample))
  try {
    const text = utf8Fatal.decode(complete)
    return { valid: true, multiByte: complete.length - text.length }
  } catch {
    return { valid: false, multiByte: 0 }
  }
}

function guessLegacyEncoding(sample: Uint8Array): EncodingGuess {
  const hints = chardet
    .analyse(sample)
    .map((match) => ({ label: CHARDET_LABELS[match.name], confidence: match.confidence }))
    .filter((hint): hint is { label: string; confidence: number } => hint.label !== undefined)
  const topHint = hints[0]
  const labels = new Set([...LEGACY_CANDIDATES, ...hints.slice(0, 3).map((hint) => hint.label)])

  const scored = [...labels].map((label) => {
    const text = new TextDecoder(label).decode(sample)
    let score = scoreDecodedText(text)
    // Ties go to Windows-1252 so accented Western names survive when nothing speaks against it.
    if (label === 'windows-1252') score += 0.15
    if (topHint && label === topHint.label) score += 0.3 * (topHint.confidence / 100)
    return { label, score }
  })
  scored.sort((a, b) => b.score - a.score)

  const best = scored[0] ?? { label: 'windows-1252', score: 0 }
  const runnerUp = scored[1]
  const margin = runnerUp ? best.score - runnerUp.score : 1
  const confidence = best.score <= 0 ? 0.3 : Math.min(0.95, Math.max(0.4, 0.5 + margin / 2))
  const hintNote = topHint ? `; chardet suggested ${topHint.label}` : ''
  return {
    encoding: best.label,
    bomLength: 0,
    confidence: Math.round(confidence * 100) / 100,
    reason: `Not valid UTF-8; ${best.label} gives the most plausible text${runnerUp ? ` (ahead of ${runnerUp.label})` : ''}${hintNote}`,
  }
}

/** File signatures of formats people upload by mistake instead of a CSV export. */
const BINARY_SIGNATURES: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0x50, 0x4b, 0x03, 0x04], // ZIP, so also .xlsx / .docx
  [0x50, 0x4b, 0x05, 0x06], // empty ZIP
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], // OLE2: legacy .xls / .doc
  [0x1f, 0x8b], // gzip
  [0x42, 0x5a, 0x68], // bzip2
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7-Zip
  [0x52, 0x61, 0x72, 0x21], // RAR
  [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66], // "SQLite f"
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x00, 0x61, 0x73, 0x6d], // WebAssembly
]

/**
 * True for files that are clearly not text: a known binary signature, or NUL and control bytes
 * in a sample that does not have the shape of UTF-16 text.
 */
export function isProbablyBinary(sample: Uint8Array): boolean {
  const matchesSignature = BINARY_SIGNATURES.some(
    (signature) => sample.length >= signature.length && signature.every((byte, i) => sample[i] === byte),
  )
  if (matchesSignature) return true
  if (detectBom(sample) || detectUtf16WithoutBom(sample)) return false

  const length = Math.min(sample.length, 8192)
  if (length === 0) return false
  let nuls = 0
  let controls = 0
  for (let i = 0; i < length; i++) {
    const byte = sample[i] as number
    if (byte === 0) nuls++
    // Tab, LF, FF, CR and ESC turn up in real text; the other C0 controls do not.
    else if (byte < 0x20 && byte !== 9 && byte !== 10 && byte !== 12 && byte !== 13 && byte !== 27) controls++
  }
  return nuls / length > 0.01 || (nuls + controls) / length > 0.1
}
