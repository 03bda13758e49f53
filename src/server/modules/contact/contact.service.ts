import { and, count, eq, gte } from 'drizzle-orm'
import { CONTACT } from '#common/constants'
import { CONTACT_MESSAGES } from '#common/messages'
import type { ContactMessageInput } from '#common/schemas/contact'
import { db } from '#server/db/client'
import { contactMessages } from '#server/db/schema/index'
import { env } from '#server/env'
import { AppError } from '#server/platform/app-error'
import { logger } from '#server/platform/logger'
import { mailer } from '#server/platform/mail'
import { contactMail } from './contact-mail.ts'

async function countSince(column: typeof contactMessages.email | typeof contactMessages.ipAddress, value: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(and(eq(column, value), gte(contactMessages.createdAt, since)))
  return row?.n ?? 0
}

/**
 * Stores the message, then mails it to CONTACT_EMAIL. A sender gets CONTACT.maxPerAddress
 * messages an hour per e-mail address and CONTACT.maxPerIp per IP address; the message is kept
 * even when the mail fails, so an operator can still read it.
 */
export async function sendContactMessage(input: ContactMessageInput & { ipAddress: string; userId: string | null }) {
  const email = input.email.toLowerCase()
  const since = new Date(Date.now() - CONTACT.windowMs)
  const [byAddress, byIp] = await Promise.all([
    countSince(contactMessages.email, email, since),
    countSince(contactMessages.ipAddress, input.ipAddress, since),
  ])
  if (byAddress >= CONTACT.maxPerAddress || byIp >= CONTACT.maxPerIp) {
    logger.warn({ event: 'contact.rate_limited', byAddress, byIp })
    throw new AppError('RATE_LIMITED', CONTACT_MESSAGES.rateLimited)
  }

  const [stored] = await db
    .insert(contactMessages)
    .values({ ...input, email })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt })
  const id = stored!.id

  try {
    await mailer.send({ to: env.CONTACT_EMAIL, replyTo: email, ...contactMail({ ...input, email, id }) })
  } catch (error) {
    await db.update(contactMessages).set({ mailStatus: 'failed' }).where(eq(contactMessages.id, id))
    logger.error({ event: 'contact.mail_failed', contactMessageId: id, err: error })
    throw new AppError('SERVICE_UNAVAILABLE', CONTACT_MESSAGES.failed)
  }
  await db.update(contactMessages).set({ mailStatus: 'sent' }).where(eq(contactMessages.id, id))
  logger.info({ event: 'contact.sent', contactMessageId: id })
  return { id }
}
