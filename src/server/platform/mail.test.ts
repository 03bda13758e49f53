import { mkdtempSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readOutbox } from '#server/test/outbox'
import { createMailer } from './mail.ts'
import { verificationMail } from './mail-templates.ts'

const received: Array<{ to: string; raw: string }> = []
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = ''
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw })
      callback()
    })
  },
})

beforeAll(() => new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve)))
afterAll(() => new Promise<void>((resolve) => sink.close(resolve)))

describe('mailer', () => {
  it('sends through SMTP_URL when it is set', async () => {
    const { port } = sink.server.address() as AddressInfo
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Rowcraft <a@b.c>', outboxDir: '/nonexistent' })
    await mailer.send(verificationMail('grace@example.com', 'Grace', 'http://localhost:3000/api/auth/verify-email?token=abc'))
    expect(received).toHaveLength(1)
    expect(received[0]!.to).toBe('grace@example.com')
    expect(received[0]!.raw).toContain('Subject: Confirm your Rowcraft account')
    expect(received[0]!.raw).toContain('verify-email?token=3Dabc') // quoted-printable '='
  })

  it('writes to the local outbox without SMTP_URL, so the link can be followed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rowcraft-mail-'))
    const mailer = createMailer({ from: 'Rowcraft <a@b.c>', outboxDir: join(dir, 'outbox') })
    await mailer.send(verificationMail('grace@example.com', 'Grace', 'http://localhost:3000/verify?token=xyz'))
    const [mail] = readOutbox(dir)
    expect(mail).toMatchObject({ to: 'grace@example.com', subject: 'Confirm your Rowcraft account' })
    expect(mail!.links).toContain('http://localhost:3000/verify?token=xyz')
  })
})
