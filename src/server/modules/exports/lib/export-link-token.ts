import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

/**
 * A download link's token (decision 025): `<base64url(JSON payload)>.<base64url(HMAC-SHA256)>`,
 * keyed by a key derived from APP_SECRET for this purpose only. Nothing is stored: the signature
 * is what makes the link, and its expiry is inside what is signed. A changed byte, another
 * server's secret or a token of another purpose fails the check.
 */

const HKDF_SALT = 'rowcraft.export-links'
const HKDF_INFO = 'rowcraft.export-links.hmac-sha256.v1'

const keys = new Map<string, Buffer>()
function keyFor(secret: string) {
  let key = keys.get(secret)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, HKDF_INFO, 32))
    keys.set(secret, key)
  }
  return key
}

const signatureOf = (body: string, secret: string) => createHmac('sha256', keyFor(secret)).update(body).digest()

export function signLinkToken(payload: unknown, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')
  return `${body}.${signatureOf(body, secret).toString('base64url')}`
}

/** The signed payload, or null when the token is malformed or its signature does not match. */
export function readLinkToken(token: string, secret: string): unknown {
  const dot = token.indexOf('.')
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null
  const body = token.slice(0, dot)
  const given = Buffer.from(token.slice(dot + 1), 'base64url')
  const expected = signatureOf(body, secret)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return null
  }
}
