import { isAscii, isUtf8 } from 'node:buffer'
import { detectEncoding, incompleteUtf8Tail } from './detect-encoding.ts'

export type DecodeEvent =
  | { kind: 'switched'; from: string; to: string }
  | { kind: 'replaced'; encoding: string }

export type StreamDecoder = {
  /** The chunk as UTF-8, whole characters only: a character cut at the end waits for the next chunk. */
  decode: (chunk: Uint8Array) => Uint8Array
  end: () => Uint8Array
  /** The encoding in use now; differs from the requested one after a switch. */
  encoding: () => string
}

const utf8 = (text: string): Uint8Array => Buffer.from(text, 'utf8')

/**
 * Decodes a file chunk by chunk into UTF-8 bytes, what the readers and the database take. Valid
 * UTF-8 passes through untouched (checked natively, no string is made). Legacy encodings use
 * TextDecoder's own streaming. UTF-8 is checked strictly, because the encoding was chosen from
 * the first 64 KB only: when a later chunk turns out not to be UTF-8 and neither it nor anything
 * before it held real multi-byte UTF-8, the file is an ASCII-headed legacy file and the rest is
 * decoded with the encoding its bytes point to; otherwise it is UTF-8 with some damage, and bad
 * bytes become U+FFFD.
 */
export function createStreamDecoder(encoding: string, onEvent: (event: DecodeEvent) => void): StreamDecoder {
  if (encoding !== 'utf-8') {
    const decoder = new TextDecoder(encoding, { ignoreBOM: true })
    return {
      decode: (chunk) => utf8(decoder.decode(chunk, { stream: true })),
      end: () => utf8(decoder.decode()),
      encoding: () => encoding,
    }
  }

  const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
  const lenient = new TextDecoder('utf-8', { ignoreBOM: true })
  let fallback: TextDecoder | null = null
  let fallbackLabel = 'utf-8'
  let damaged = false
  let seenNonAscii = false
  let held: Uint8Array = new Uint8Array(0)

  function decodeComplete(bytes: Uint8Array): string {
    if (fallback) return fallback.decode(bytes, { stream: true })
    if (damaged) return lenient.decode(bytes)
    try {
      const text = strict.decode(bytes)
      if (text.length !== bytes.length) seenNonAscii = true
      return text
    } catch {
      if (seenNonAscii || looksMostlyUtf8(bytes)) {
        damaged = true
        onEvent({ kind: 'replaced', encoding: 'utf-8' })
        return lenient.decode(bytes)
      }
      const guess = detectEncoding(bytes).encoding
      fallbackLabel = guess === 'utf-8' ? 'windows-1252' : guess
      fallback = new TextDecoder(fallbackLabel, { ignoreBOM: true })
      onEvent({ kind: 'switched', from: 'utf-8', to: fallbackLabel })
      return fallback.decode(bytes, { stream: true })
    }
  }

  function toUtf8(bytes: Uint8Array): Uint8Array {
    if (!fallback && !damaged && isUtf8(bytes)) {
      if (!seenNonAscii && !isAscii(bytes)) seenNonAscii = true
      return bytes
    }
    return utf8(decodeComplete(bytes))
  }

  return {
    decode(chunk) {
      const bytes = held.length > 0 ? concatBytes(held, chunk) : chunk
      held = new Uint8Array(0)
      if (fallback) return utf8(decodeComplete(bytes))
      // Hold back a character cut in two by the chunk boundary for the next chunk.
      const cut = bytes.length - incompleteUtf8Tail(bytes)
      held = bytes.slice(cut)
      return toUtf8(bytes.subarray(0, cut))
    },
    end() {
      const rest = held
      held = new Uint8Array(0)
      const text = rest.length > 0 ? toUtf8(rest) : new Uint8Array(0)
      return fallback ? concatBytes(text, utf8(fallback.decode())) : text
    },
    encoding: () => fallbackLabel,
  }
}

/** More well-formed multi-byte UTF-8 sequences than stray high bytes. */
function looksMostlyUtf8(bytes: Uint8Array): boolean {
  let valid = 0
  let invalid = 0
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number
    if (byte < 0x80) continue
    const length = byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0
    let ok = length > 0 && i + length <= bytes.length
    for (let k = 1; ok && k < length; k++) ok = ((bytes[i + k] as number) & 0xc0) === 0x80
    if (ok) {
      valid++
      i += length - 1
    } else {
      invalid++
    }
  }
  return valid > 0 && valid >= invalid
}

/** `a` then `b`, in a new array unless one of them is empty. */
export function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b
  if (b.length === 0) return a
  const joined = new Uint8Array(a.length + b.length)
  joined.set(a, 0)
  joined.set(b, a.length)
  return joined
}
