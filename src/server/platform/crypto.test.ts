import { describe, expect, it } from 'vitest'
import { decryptSecret, encryptSecret, SecretDecryptionError } from './crypto.ts'

const SECRET = 'a-test-secret-that-is-long-enough-0123456789'
const CONTEXT = 'user_api_keys:user-1:openai'

function flipByte(token: string, index: number): string {
  const [version, body] = token.split('.')
  const raw = Buffer.from(body!, 'base64url')
  raw[index] = raw[index]! ^ 0x01
  return `${version}.${raw.toString('base64url')}`
}

describe('secret encryption', () => {
  it('gets back the exact text it encrypted, including non-ASCII and empty text', () => {
    for (const text of ['sk-test-1234567890abcdef', 'pplx-ünïcødé-🔑', '']) {
      expect(decryptSecret(encryptSecret(text, CONTEXT, SECRET), CONTEXT, SECRET)).toBe(text)
    }
  })

  it('never writes the plaintext and uses a fresh IV each time', () => {
    const a = encryptSecret('sk-live-secret-value', CONTEXT, SECRET)
    const b = encryptSecret('sk-live-secret-value', CONTEXT, SECRET)
    expect(a).not.toBe(b)
    expect(a).not.toContain('secret-value')
    expect(Buffer.from(a.split('.')[1]!, 'base64url').toString('latin1')).not.toContain('secret-value')
  })

  it('detects a changed byte in the IV, the tag or the ciphertext', () => {
    const token = encryptSecret('sk-test-1234567890abcdef', CONTEXT, SECRET)
    for (const index of [0, 12, 28, 30]) {
      expect(() => decryptSecret(flipByte(token, index), CONTEXT, SECRET)).toThrow(SecretDecryptionError)
    }
  })

  it('refuses a token moved to another context or read with another secret', () => {
    const token = encryptSecret('sk-test-1234567890abcdef', CONTEXT, SECRET)
    expect(() => decryptSecret(token, 'user_api_keys:user-2:openai', SECRET)).toThrow(SecretDecryptionError)
    expect(() => decryptSecret(token, CONTEXT, `${SECRET}-other`)).toThrow(SecretDecryptionError)
  })

  it('refuses truncated, unversioned and garbage tokens', () => {
    const token = encryptSecret('sk-test', CONTEXT, SECRET)
    for (const bad of [token.slice(0, 12), token.replace('v1.', 'v2.'), 'not a token', '', 'v1.']) {
      expect(() => decryptSecret(bad, CONTEXT, SECRET)).toThrow(SecretDecryptionError)
    }
  })
})
