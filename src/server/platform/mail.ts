import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { MAIL_OUTBOX_MESSAGES } from '#common/messages'
import { logger } from './logger.ts'

export type MailMessage = { to: string; subject: string; text: string; html: string; link?: string; replyTo?: string }

export type Mailer = { send: (message: MailMessage) => Promise<void> }

/**
 * Mail goes through SMTP when `SMTP_URL` is set. Without it, each message is written as an .eml
 * file to `<DATA_DIR>/outbox`, logged, and its link handed to `announce` as a plain line of its
 * own, so a laptop user can finish sign-up whether the logs are pretty or JSON.
 */
export function createMailer(options: {
  smtpUrl?: string
  from: string
  outboxDir: string
  announce?: (line: string) => void
}): Mailer {
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
      if (message.link) options.announce?.(outboxAnnouncement(message))
    },
  }
}

/** The lines a person reads in the terminal: who the mail is for, and the link alone on a line. */
export function outboxAnnouncement(message: Pick<MailMessage, 'to' | 'subject' | 'link'>): string {
  return `\n${MAIL_OUTBOX_MESSAGES.announce(message.to, message.subject)}\n  ${message.link}\n\n`
}

export let mailer: Mailer = {
  send: async () => {
    throw new Error('Mailer used before bootstrap')
  },
}

export function setMailer(next: Mailer) {
  mailer = next
}
