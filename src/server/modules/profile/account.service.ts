import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { PROFILE_MESSAGES } from '#common/messages'
import type { DeleteAccountInput } from '#common/schemas/profile'
import { db } from '#server/db/client'
import { authAttempts, contactMessages, csvUploads, user, verification } from '#server/db/schema/index'
import { env } from '#server/env'
import { AppError } from '#server/platform/app-error'
import { logger } from '#server/platform/logger'
import { hasPassword, isPasswordOf } from '#server/modules/auth/credentials.service'
import { cancelSubscriptionOfDeletedAccount } from '#server/modules/billing/billing.service'
import { recordAudit } from '#server/modules/security/security.service'
import { dropUploadRows } from '#server/modules/row-storage/row-writer'
import { avatarPath } from './profile.service.ts'

const limiterModes = ['signin', 'signup', 'forgotPassword'] as const

/**
 * Deletes the account after its confirmation (the password; the e-mail typed for a Google-only
 * user). A live Stripe subscription is cancelled first: if Stripe cannot be reached nothing is
 * deleted. Then, in one transaction, the user row goes and with it (by cascade) every file and its
 * columns, AI fields and cells, exports, folders, templates, API keys, sessions, accounts,
 * two-factor, login history and the subscriber row holding the Stripe customer link; the credit
 * ledger stays with the user id nulled. Last, the row partitions and stored files.
 */
export async function deleteAccount({ userId, password, email }: { userId: string } & DeleteAccountInput) {
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId))
  if (!owner) throw new AppError('NOT_FOUND', 'Account not found')
  const isConfirmed = (await hasPassword({ userId }))
    ? Boolean(password) && (await isPasswordOf({ userId, password: password! }))
    : Boolean(email) && email!.toLowerCase() === owner.email.toLowerCase()
  if (!isConfirmed) throw new AppError('FORBIDDEN', PROFILE_MESSAGES.deleteAccountMismatch)

  await cancelSubscriptionOfDeletedAccount({ userId })

  const uploadIds = await db.transaction(async (tx) => {
    const uploads = await tx.select({ id: csvUploads.id }).from(csvUploads).where(eq(csvUploads.userId, userId))
    await tx.delete(contactMessages).where(eq(contactMessages.userId, userId))
    await tx.delete(verification).where(eq(verification.value, userId))
    const emailKey = owner.email.trim().toLowerCase()
    await tx.delete(authAttempts).where(inArray(authAttempts.key, limiterModes.map((mode) => `${mode}:${emailKey}`)))
    await tx.delete(user).where(eq(user.id, userId))
    return uploads.map((upload) => upload.id)
  })
  await recordAudit({ userId: null, action: 'account_deleted', tableName: 'user', recordId: userId })

  // The rows are unreachable now; a partition left behind by a failure here is swept by the
  // orphan row-table job (uploads.jobs.ts).
  for (const uploadId of uploadIds) {
    await dropUploadRows(uploadId).catch((error: unknown) => logger.error({ event: 'account.delete.rows_failed', uploadId, err: error }))
  }
  await rm(join(env.DATA_DIR, 'uploads', userId), { recursive: true, force: true })
  await rm(avatarPath(userId), { force: true })
  logger.info({ event: 'account.deleted', userId, uploads: uploadIds.length })
  return { deleted: true as const }
}
