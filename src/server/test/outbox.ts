import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type OutboxMail = { file: string; to: string; subject: string; text: string; links: string[] }

/** Undoes quoted-printable soft breaks and escapes, enough to read our own plain-text mails. */
function decodeQuotedPrintable(body: string) {
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = join(dataDir, 'outbox')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'utf8')
      const header = (name: string) => raw.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1]?.trim() ?? ''
      const text = decodeQuotedPrintable(raw)
      const links = [...new Set(text.match(/https?:\/\/[^\s"<>]+/g) ?? [])]
      return { file, to: header('To'), subject: header('Subject'), text, links }
    })
}

export function lastMailTo(dataDir: string, email: string): OutboxMail {
  const mail = readOutbox(dataDir).filter((m) => m.to.includes(email)).at(-1)
  if (!mail) throw new Error(`No mail to ${email} in the outbox`)
  return mail
}
