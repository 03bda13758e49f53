import { describe, expect, it } from 'vitest'
import { readLinkToken, signLinkToken } from './export-link-token.ts'

const secret = 'a-secret-that-is-long-enough-for-the-test-1234'

describe('export link tokens', () => {
  it('gives back the payload it signed', () => {
    const payload = { u: 'user', f: 'file', e: 1_900_000_000, r: { format: 'csv', scope: 'all' } }
    expect(readLinkToken(signLinkToken(payload, secret), secret)).toEqual(payload)
  })

  it('refuses a token whose payload was changed, one signed with another secret, and malformed ones', () => {
    const token = signLinkToken({ u: 'user', e: 1 }, secret)
    const [, signature] = token.split('.')
    const forged = `${Buffer.from(JSON.stringify({ u: 'someone-else', e: 1 })).toString('base64url')}.${signature}`
    expect(readLinkToken(forged, secret)).toBeNull()
    expect(readLinkToken(token, `${secret}-other`)).toBeNull()
    for (const malformed of ['', '.', 'abc', `${token}.x`, `.${signature}`]) expect(readLinkToken(malformed, secret)).toBeNull()
  })
})
