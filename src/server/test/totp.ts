import { base32 } from '@better-auth/utils/base32'
import { createOTP } from '@better-auth/utils/otp'

/** The base32 secret of an `otpauth://totp/...` URI, or the secret itself when given bare. */
export function totpSecretOf(uriOrSecret: string) {
  if (!uriOrSecret.startsWith('otpauth://')) return uriOrSecret.replace(/\s+/g, '').toUpperCase()
  const secret = new URL(uriOrSecret).searchParams.get('secret')
  if (!secret) throw new Error(`no secret in ${uriOrSecret}`)
  return secret
}

const keyOf = (uriOrSecret: string) => base32.decode(totpSecretOf(uriOrSecret))

/** The code an authenticator app shows now for this secret (RFC 6238: SHA-1, 6 digits, 30 s). */
export async function totpCode(uriOrSecret: string) {
  return createOTP(keyOf(uriOrSecret)).totp()
}

/** A 6-digit code that is not valid now nor in the steps either side (what the server accepts). */
export async function wrongTotpCode(uriOrSecret: string) {
  const otp = createOTP(keyOf(uriOrSecret))
  const step = Math.floor(Date.now() / 30_000)
  const valid = new Set(await Promise.all([-2, -1, 0, 1, 2].map((i) => otp.hotp(step + i))))
  for (let n = 0; ; n += 1) {
    const candidate = String(n * 111_111 % 1_000_000).padStart(6, '0')
    if (!valid.has(candidate)) return candidate
  }
}
