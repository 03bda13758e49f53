import { and, asc, count, eq, sql } from 'drizzle-orm'
import { SECRETS } from '#common/constants'
import { SECRET_MESSAGES } from '#common/messages'
import type { SecretSummary } from '#common/schemas/sources'
import { db } from '#server/db/client'
import { userSecrets } from '#server/db/schema/index'
import { AppError } from '#server/platform/app-error'
import { decryptSecret, encryptSecret, SecretDecryptionError } from '#server/platform/crypto'
import { logger } from '#server/platform/logger'

/**
 * Named secrets (issue 43): saved once, sent by HTTP API columns through `{secret:NAME}`, never
 * shown again. Names compare without case; the value is encrypted with the owner and the name as
 * authenticated data, so a copied ciphertext decrypts nowhere else. Session only (the routes).
 */

const secretContext = (userId: string, name: string) => `user_secrets:${userId}:${name.toLowerCase()}`

const sameName = (name: string) => sql`lower(${userSecrets.name}) = ${name.toLowerCase()}`

function toSummary(row: typeof userSecrets.$inferSelect): SecretSummary {
  return { name: row.name, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }
}

export async function listSecrets({ userId }: { userId: string }) {
  const rows = await db.select().from(userSecrets).where(eq(userSecrets.userId, userId)).orderBy(asc(userSecrets.name))
  return { secrets: rows.map(toSummary) }
}

/** Saves a secret under its name, or replaces the value of the one saved under it. */
export async function saveSecret({ userId, name, value }: { userId: string; name: string; value: string }): Promise<SecretSummary> {
  const encryptedValue = encryptSecret(value, secretContext(userId, name))
  const row = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: userSecrets.id }).from(userSecrets).where(and(eq(userSecrets.userId, userId), sameName(name))).for('update')
    if (existing) {
      const [updated] = await tx.update(userSecrets).set({ encryptedValue, updatedAt: new Date() }).where(eq(userSecrets.id, existing.id)).returning()
      return updated!
    }
    const [held] = await tx.select({ n: count() }).from(userSecrets).where(eq(userSecrets.userId, userId))
    if (Number(held?.n ?? 0) >= SECRETS.maxPerUser) throw new AppError('CONFLICT', SECRET_MESSAGES.tooMany(SECRETS.maxPerUser))
    const [inserted] = await tx.insert(userSecrets).values({ userId, name, encryptedValue }).returning()
    return inserted!
  })
  logger.info({ event: 'secrets.saved', userId, name: row.name })
  return toSummary(row)
}

export async function removeSecret({ userId, name }: { userId: string; name: string }) {
  const removed = await db
    .delete(userSecrets)
    .where(and(eq(userSecrets.userId, userId), sameName(name)))
    .returning({ id: userSecrets.id })
  if (removed.length === 0) throw new AppError('NOT_FOUND', SECRET_MESSAGES.notFound)
  logger.info({ event: 'secrets.removed', userId, name })
  return listSecrets({ userId })
}

/** The names among these that the user has not saved. */
export async function missingSecrets(userId: string, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return []
  const rows = await db.select({ name: userSecrets.name }).from(userSecrets).where(eq(userSecrets.userId, userId))
  const saved = new Set(rows.map((r) => r.name.toLowerCase()))
  return names.filter((n) => !saved.has(n.toLowerCase()))
}

/**
 * The values of the named secrets, for a request about to be sent (keys in lower case). A name
 * not saved (removed since) or a value that no longer decrypts is refused with what to do.
 */
export async function readSecretValues(userId: string, names: readonly string[]): Promise<Map<string, string>> {
  const values = new Map<string, string>()
  if (names.length === 0) return values
  const rows = await db.select().from(userSecrets).where(eq(userSecrets.userId, userId))
  for (const name of names) {
    const row = rows.find((r) => r.name.toLowerCase() === name.toLowerCase())
    if (!row) throw new AppError('VALIDATION_FAILED', SECRET_MESSAGES.notFound)
    try {
      values.set(name.toLowerCase(), decryptSecret(row.encryptedValue, secretContext(userId, row.name)))
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error
      throw new AppError('VALIDATION_FAILED', SECRET_MESSAGES.unreadable)
    }
  }
  return values
}
