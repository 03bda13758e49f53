import { and, eq } from 'drizzle-orm'
import { db } from '#server/db/client'
import { account } from '#server/db/schema/index'
import { auth } from './auth.ts'

/** Whether the user signs in with a password (a credential account) rather than Google only. */
export async function hasPassword({ userId }: { userId: string }) {
  return (await credentialHash(userId)) !== null
}

/** Checks a password against the user's credential account, with Better Auth's own hasher. */
export async function isPasswordOf({ userId, password }: { userId: string; password: string }) {
  const hash = await credentialHash(userId)
  if (!hash) return false
  const context = await auth.$context
  return context.password.verify({ hash, password })
}

async function credentialHash(userId: string) {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
  return row?.password ?? null
}
