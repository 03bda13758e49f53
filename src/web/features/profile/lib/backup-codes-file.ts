/** The backup codes as a text file to keep: one code a line, with what they are for. */
export function backupCodesText(email: string, codes: string[]) {
  return [`Rowcraft backup codes for ${email}`, 'Each code signs you in once.', '', ...codes, ''].join('\n')
}

export function downloadBackupCodes(email: string, codes: string[]) {
  const url = URL.createObjectURL(new Blob([backupCodesText(email, codes)], { type: 'text/plain' }))
  const link = document.createElement('a')
  link.href = url
  link.download = 'rowcraft-backup-codes.txt'
  link.click()
  URL.revokeObjectURL(url)
}

/** The base32 key of an `otpauth://` URI, in groups of four for typing into an app. */
export function manualEntryKey(totpURI: string) {
  const secret = new URL(totpURI).searchParams.get('secret') ?? ''
  return secret.match(/.{1,4}/g)?.join(' ') ?? ''
}
