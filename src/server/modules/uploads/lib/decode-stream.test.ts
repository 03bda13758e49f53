import { describe, expect, it } from 'vitest'
import { createStreamDecoder, type DecodeEvent } from './decode-stream.ts'
import { encodeLegacy, encodeUtf16 } from './test-files.ts'

function decodeInPieces(bytes: Uint8Array, encoding: string, size: number) {
  const events: DecodeEvent[] = []
  const decoder = createStreamDecoder(encoding, (event) => events.push(event))
  // Every piece is whole characters of valid UTF-8, so a fatal decoder reads each on its own.
  const utf8 = new TextDecoder('utf-8', { fatal: true })
  let text = ''
  for (let i = 0; i < bytes.length; i += size) text += utf8.decode(decoder.decode(bytes.subarray(i, i + size)))
  text += utf8.decode(decoder.end())
  return { text, events, encoding: decoder.encoding() }
}

describe('createStreamDecoder', () => {
  it('joins UTF-8 characters cut by chunk boundaries', () => {
    const text = 'name\nRenée\n東京\n😀 ok\n'
    const bytes = new TextEncoder().encode(text)
    for (const size of [1, 2, 3, 5]) {
      expect(decodeInPieces(bytes, 'utf-8', size)).toEqual({ text, events: [], encoding: 'utf-8' })
    }
  })

  it('joins UTF-16 code units cut by chunk boundaries', () => {
    const text = 'a,b\r\nZoë,東京\r\n'
    const bytes = encodeUtf16(text, 'le', false)
    expect(decodeInPieces(bytes, 'utf-16le', 3).text).toBe(text)
  })

  it('switches to the legacy encoding the bytes point to when an ASCII start was followed by Latin-1', () => {
    const ascii = 'id,name\n' + '1,plain\n'.repeat(50)
    const bytes = new Uint8Array([...new TextEncoder().encode(ascii), ...encodeLegacy('2,Renée Brûlé\n3,Agnès\n', 'windows-1252')])
    const result = decodeInPieces(bytes, 'utf-8', 64)
    expect(result.text).toBe(ascii + '2,Renée Brûlé\n3,Agnès\n')
    expect(result.encoding).toBe('windows-1252')
    expect(result.events).toEqual([{ kind: 'switched', from: 'utf-8', to: 'windows-1252' }])
  })

  it('keeps UTF-8 and marks damaged bytes when real UTF-8 came first', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('name\nZoë\n'), 0xff, ...new TextEncoder().encode('x\n')])
    const result = decodeInPieces(bytes, 'utf-8', 4)
    expect(result.text).toBe('name\nZoë\n\uFFFDx\n')
    expect(result.events).toEqual([{ kind: 'replaced', encoding: 'utf-8' }])
  })

  it('decodes legacy encodings chunk by chunk', () => {
    const text = 'imię;miasto\nZażółć;Łódź\n'
    expect(decodeInPieces(encodeLegacy(text, 'windows-1250'), 'windows-1250', 3).text).toBe(text)
    const japanese = '名前\n山田太郎\n'
    expect(decodeInPieces(encodeLegacy(japanese, 'shift_jis'), 'shift_jis', 3).text).toBe(japanese)
  })
})
