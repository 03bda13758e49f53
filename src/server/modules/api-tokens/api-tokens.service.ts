import { createHash, randomBytes } from 'node:crypto'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import { API_TOKENS } from '#common/constants'
import { API_TOKEN_MESSAGES } from '#common/messages'
import { API_TOKEN_PATTERN, type ApiTokenList, type ApiTokenSummary, type CreatedApiToken } from '#common/schemas/api-tokens'
import { db } from '#server/db/client'
import { apiTokens, user } from '#server/db/schema/index'
import { env } from '#server/env'
import { AppError } from '#server/platform/app-error'
import type { SessionUser } from '#server/platform/hono-env'

type TokenRow = typeof apiTokens.$inferSelect

/** A token is 32 random bytes: a plain SHA-256 cannot be reversed, and a lookup by it is exact. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

function toSummary(row: TokenRow): ApiTokenSummary {
  return {
    id: row.id,
    name: row.name,
    start: row.start,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  }
}

export async function listApiTokens({ userId }: { userId: string }): Promise<ApiTokenList> {
  const rows = await db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt))
  return { tokens: rows.map(toSummary), max_tokens: API_TOKENS.maxPerUser }
}

/** Makes a token and returns it once; at most API_TOKENS.maxPerUser a user, counted under a lock on the user. */
export async function createApiToken({ userId, name }: { userId: string; name: string }): Promise<CreatedApiToken> {
  const token = `${API_TOKENS.prefix}${randomBytes(API_TOKENS.randomBytes).toString('base64url')}`
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${user} WHERE ${user.id} = ${userId} FOR UPDATE`)
    const [existing] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId))
    if ((existing?.n ?? 0) >= API_TOKENS.maxPerUser) {
      throw new AppError('CONFLICT', API_TOKEN_MESSAGES.limitReached(API_TOKENS.maxPerUser))
    }
    const [inserted] = await tx
      .insert(apiTokens)
      .values({ userId, name, tokenHash: hashToken(token), start: token.slice(0, API_TOKENS.shownChars) })
      .returning()
    return inserted!
  })
  return { ...toSummary(row), token }
}

/** Revoking deletes the token: from then on it is unknown, and a call with it answers 401. */
export async function revokeApiToken({ userId, id }: { userId: string; id: string }): Promise<ApiTokenList> {
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id })
  if (deleted.length === 0) throw new AppError('NOT_FOUND', API_TOKEN_MESSAGES.notFound)
  return listApiTokens({ userId })
}

export type TokenAuthentication =
  | { status: 'ok'; user: SessionUser; tokenId: string }
  | { status: 'rate_limited'; retryAfterSeconds: number }

/**
 * The user a bearer token acts as. One UPDATE finds the token, stamps its last use and counts the
 * request in the token's minute (a fixed window kept in the database, so every API process
 * counts together). Unknown, revoked and malformed tokens are one 401.
 */
export async function authenticateApiToken({ token }: { token: string }): Promise<TokenAuthentication> {
  if (!API_TOKEN_PATTERN.test(token)) throw new AppError('UNAUTHORIZED', API_TOKEN_MESSAGES.invalid)
  const minute = sql`date_trunc('minute', now())`
  const [hit] = await db
    .update(apiTokens)
    .set({
      lastUsedAt: sql`now()`,
      rateWindowCount: sql`CASE WHEN ${apiTokens.rateWindowStart} = ${minute} THEN ${apiTokens.rateWindowCount} + 1 ELSE 1 END`,
      rateWindowStart: minute,
    })
    .where(eq(apiTokens.tokenHash, hashToken(token)))
    .returning({
      id: apiTokens.id,
      userId: apiTokens.userId,
      count: apiTokens.rateWindowCount,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from (${minute} + interval '1 minute' - now()))))::int`,
    })
  if (!hit) throw new AppError('UNAUTHORIZED', API_TOKEN_MESSAGES.invalid)
  if (hit.count > env.API_TOKEN_REQUESTS_PER_MINUTE) return { status: 'rate_limited', retryAfterSeconds: Number(hit.retryAfterSeconds) }

  const [owner] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      image: user.image,
      emailVerified: user.emailVerified,
    })
    .from(user)
    .where(eq(user.id, hit.userId))
  if (!owner) throw new AppError('UNAUTHORIZED', API_TOKEN_MESSAGES.invalid)
  return { status: 'ok', user: owner, tokenId: hit.id }
}
