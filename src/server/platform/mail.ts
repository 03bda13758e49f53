import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { logger } from './logger.ts'

export type MailMessage = { to: string; subject: string; text: string; html: string; link?: string; replyTo?: string }

export type Mailer = { send: (message: MailMessage) => Promise<void> }

/**
 * Mail goes through SMTP when `SMTP_URL` is set. Without it, each message is written as an .eml
 * file to `<DATA_DIR>/outbox` and its link is logged, so a laptop user can still finish sign-up.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })

  return {
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
      })
      if (options.smtpUrl) {
        logger.info({ event: 'mail.sent', to: message.to, subject: message.subject })
        return
      }
      mkdirSync(options.outboxDir, { recursive: true })
      const file = join(options.outboxDir, `${Date.now()}-${randomUUID()}.eml`)
      writeFileSync(file, (info as { message: Buffer }).message)
      logger.info(
        { event: 'mail.outbox', to: message.to, subject: message.subject, file, link: message.link },
        `Mail to ${message.to} saved to the outbox${message.link ? `: ${message.link}` : ''}`,
      )
    },
  }
}

export let mailer: Mailer = {
  send: async () => {
    throw new Error('Mailer used before bootstrap')
  },
}

export function setMailer(next: Mailer) {
  mailer = next
}
