import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { env } from '#server/env'

/**
 * Secrets at rest (user API keys): AES-256-GCM with a key derived from APP_SECRET by HKDF-SHA256.
 * A token is `v1.<base64url(iv | tag | ciphertext)>`. The `context` (for example the owner's id and
 * provider) is authenticated data: a token copied to another row does not decrypt there.
 */

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16
const HKDF_SALT = 'rowcraft.secrets'
const HKDF_INFO = 'rowcraft.secrets.aes-256-gcm.v1'

const derivedKeys = new Map<string, Buffer>()

function keyFor(secret: string): Buffer {
  let key = derivedKeys.get(secret)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, HKDF_INFO, 32))
    derivedKeys.set(secret, key)
  }
  return key
}

export class SecretDecryptionError extends Error {
  constructor() {
    super('The stored secret could not be decrypted (wrong APP_SECRET, or the data was altered)')
    this.name = 'SecretDecryptionError'
  }
}

export function encryptSecret(plaintext: string, context: string, secret: string = env.APP_SECRET): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv)
  cipher.setAAD(Buffer.from(context, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`
}

/** Throws SecretDecryptionError when the token was altered, belongs elsewhere or another secret made it. */
export function decryptSecret(token: string, context: string, secret: string = env.APP_SECRET): string {
  const [version, body] = token.split('.')
  if (version !== VERSION || !body) throw new SecretDecryptionError()
  const raw = Buffer.from(body, 'base64url')
  if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretDecryptionError()
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), raw.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(context, 'utf8'))
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')
  } catch {
    throw new SecretDecryptionError()
  }
}
