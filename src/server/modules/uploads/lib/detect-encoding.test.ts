import { describe, expect, it } from 'vitest'
import { detectEncoding, incompleteUtf8Tail, isProbablyBinary } from './detect-encoding.ts'
import { encodeLegacy, encodeUtf16 } from './test-files.ts'

const utf8 = (text: string) => new TextEncoder().encode(text)

describe('detectEncoding', () => {
  it('reads byte-order marks and says how many bytes to skip', () => {
    expect(detectEncoding(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toMatchObject({ encoding: 'utf-8', bomLength: 3, confidence: 1 })
    expect(detectEncoding(encodeUtf16('a,b\r\n1,2', 'le', true))).toMatchObject({ encoding: 'utf-16le', bomLength: 2 })
    expect(detectEncoding(encodeUtf16('a,b\r\n1,2', 'be', true))).toMatchObject({ encoding: 'utf-16be', bomLength: 2 })
  })

  it('recognises UTF-16 without a BOM by its NUL bytes', () => {
    expect(detectEncoding(encodeUtf16('name,email\r\nAnn,ann@example.com\r\n', 'le', false))).toMatchObject({
      encoding: 'utf-16le',
      bomLength: 0,
    })
    expect(detectEncoding(encodeUtf16('name,email\r\nAnn,ann@example.com\r\n', 'be', false)).encoding).toBe('utf-16be')
  })

  it('takes ASCII and valid UTF-8 as UTF-8', () => {
    expect(detectEncoding(utf8('id,name\n1,Ann\n'))).toMatchObject({ encoding: 'utf-8', bomLength: 0 })
    expect(detectEncoding(utf8('name\nRenée\nZoë\n東京\n'))).toMatchObject({ encoding: 'utf-8', confidence: 0.99 })
  })

  it('still sees UTF-8 when the sample ends half-way through a character', () => {
    for (const text of ['Renée', '東京', 'ok 😀']) {
      const bytes = utf8(`name\n${text}`)
      for (let cut = 1; cut <= 3; cut++) {
        const sample = bytes.subarray(0, bytes.length - cut)
        expect(detectEncoding(sample).encoding, `${text} minus ${cut} bytes`).toBe('utf-8')
      }
    }
  })

  it('does not excuse invalid bytes in the middle of the sample', () => {
    const bytes = new Uint8Array([...utf8('name\nRen'), 0xe9, ...utf8('e\nZo'), 0xeb, 0x0a])
    expect(detectEncoding(bytes).encoding).toBe('windows-1252')
  })

  it.each([
    ['French', 'Prénom;Société;Ville\nRenée;Crème Brûlée SARL;Besançon\nAgnès;Hôtel Château;Orléans\n', 'windows-1252'],
    ['German', 'Name,Straße,Ort\nJürgen Müller,Hauptstraße 5,Köln\nBjörn Größe,Süderstraße 2,Lübeck\n', 'windows-1252'],
    ['Portuguese', 'field1,field2\nAcentuação1,acentuação2\nJoão,São Paulo\n', 'windows-1252'],
    ['Spanish', 'nombre,ciudad\nJosé Peña,Logroño\nMaría Ibáñez,Cádiz\n', 'windows-1252'],
    ['Polish', 'imię;nazwisko;miasto\nZażółć;Gęślą;Łódź\nKraków;Wrocław;Gdańsk\nŚwiętosław;Źrebięcki;Częstochowa\n', 'windows-1250'],
    ['Czech', 'jméno,město\nPříliš žluťoučký kůň,Brno\núpěl ďábelské ódy,Ústí nad Labem\n', 'windows-1250'],
    ['Russian', 'Фамилия;Имя;Город\nИванов;Иван;Москва\nПетрова;Мария;Санкт-Петербург\n', 'windows-1251'],
    ['Ukrainian', 'Прізвище,Місто\nШевченко,Київ\nКоваленко,Львів\n', 'windows-1251'],
    ['Japanese', '名前,住所\n山田太郎,東京都千代田区\n鈴木花子,大阪府大阪市\n', 'shift_jis'],
  ])('recognises %s text in %s', (_language, text, encoding) => {
    const guess = detectEncoding(encodeLegacy(text, encoding))
    expect(guess.encoding).toBe(encoding)
    expect(guess.bomLength).toBe(0)
    expect(guess.reason).toMatch(/^Not valid UTF-8/)
  })

  it('recognises MacRoman by the letters its bytes make (0x8E é, 0x89 â, 0x88 à)', () => {
    const text = 'nom,produit\nÉlodie,Café crème à emporter\nFrançois,Pâté de campagne\nHélène,Crêpe à la châtaigne\n'
    expect(detectEncoding(encodeLegacy(text, 'macintosh')).encoding).toBe('macintosh')
  })

  it('reads Latin-1 as its superset Windows-1252, so a pound sign before a price stays a pound sign', () => {
    const bytes = encodeLegacy("'Acme Ltd.';£ 1,80;£ 9000,50\n'Hatchworks';£ 2,00;£ 100,30", 'windows-1252')
    expect(detectEncoding(bytes).encoding).toBe('windows-1252')
  })
})

describe('incompleteUtf8Tail', () => {
  it('counts the bytes of a character cut at the end, and nothing for a clean end', () => {
    const euro = utf8('€') // 3 bytes
    expect(incompleteUtf8Tail(euro)).toBe(0)
    expect(incompleteUtf8Tail(euro.subarray(0, 2))).toBe(2)
    expect(incompleteUtf8Tail(euro.subarray(0, 1))).toBe(1)
    expect(incompleteUtf8Tail(utf8('abc'))).toBe(0)
    expect(incompleteUtf8Tail(utf8('😀').subarray(0, 3))).toBe(3)
  })
})

describe('isProbablyBinary', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52])
  const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0, 0x08, 0, 0, 0, 0x21, 0])
  const pdf = utf8('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n')
  const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0])

  it('refuses images, zip/xlsx, PDF and legacy .xls files', () => {
    expect(isProbablyBinary(png)).toBe(true)
    expect(isProbablyBinary(xlsx)).toBe(true)
    expect(isProbablyBinary(pdf)).toBe(true)
    expect(isProbablyBinary(xls)).toBe(true)
  })

  it('refuses NUL-riddled bytes that are not UTF-16 text', () => {
    const bytes = new Uint8Array(1000)
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 37) % 7 === 0 ? 0 : 0x41 + (i % 26)
    expect(isProbablyBinary(bytes)).toBe(true)
  })

  it('accepts CSV text in any encoding, UTF-16 included', () => {
    expect(isProbablyBinary(utf8('a,b\n1,2\n'))).toBe(false)
    expect(isProbablyBinary(encodeLegacy('name\nRenée\n', 'windows-1252'))).toBe(false)
    expect(isProbablyBinary(encodeUtf16('a,b\r\n1,2\r\n', 'le', true))).toBe(false)
    expect(isProbablyBinary(encodeUtf16('a,b\r\n1,2\r\n', 'le', false))).toBe(false)
    expect(isProbablyBinary(new Uint8Array(0))).toBe(false)
  })
})
