import { createHash, randomBytes } from 'node:crypto'
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import { API_TOKENS } from '#common/constants'
import { API_TOKEN_MESSAGES } from '#common/messages'
import {
  API_TOKEN_PATTERN,
  type ApiTokenList,
  type ApiTokenScope,
  type ApiTokenSummary,
  type CreatedApiToken,
} from '#common/schemas/api-tokens'
import { db } from '#server/db/client'
import { apiTokens, user } from '#server/db/schema/index'
import { env } from '#server/env'
import { disableWebhooksOfToken } from '#server/modules/webhooks/webhooks.service'
import { AppError } from '#server/platform/app-error'
import type { ApiTokenContext, SessionUser } from '#server/platform/hono-env'

type TokenRow = typeof apiTokens.$inferSelect

/** A token is 32 random bytes: a plain SHA-256 cannot be reversed, and a lookup by it is exact. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

const isExpired = (expiresAt: Date | null, now = new Date()) => expiresAt !== null && expiresAt <= now

function toSummary(row: TokenRow): ApiTokenSummary {
  return {
    id: row.id,
    name: row.name,
    start: row.start,
    scope: row.scope,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    expired: isExpired(row.expiresAt),
  }
}

export async function listApiTokens({ userId }: { userId: string }): Promise<ApiTokenList> {
  const rows = await db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt))
  return { tokens: rows.map(toSummary), max_tokens: API_TOKENS.maxPerUser }
}

/** Makes a token and returns it once; at most API_TOKENS.maxPerUser a user, counted under a lock on the user. */
export async function createApiToken({
  userId,
  name,
  scope,
  expires_at: expiresAtText,
}: {
  userId: string
  name: string
  scope: ApiTokenScope
  expires_at?: string | null
}): Promise<CreatedApiToken> {
  const expiresAt = expiresAtText ? new Date(expiresAtText) : null
  if (isExpired(expiresAt)) throw new AppError('VALIDATION_FAILED', `expires_at: ${API_TOKEN_MESSAGES.expiryInPast}`)
  const token = `${API_TOKENS.prefix}${randomBytes(API_TOKENS.randomBytes).toString('base64url')}`
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${user} WHERE ${user.id} = ${userId} FOR UPDATE`)
    const [existing] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId))
    if ((existing?.n ?? 0) >= API_TOKENS.maxPerUser) {
      throw new AppError('CONFLICT', API_TOKEN_MESSAGES.limitReached(API_TOKENS.maxPerUser))
    }
    const [inserted] = await tx
      .insert(apiTokens)
      .values({ userId, name, scope, expiresAt, tokenHash: hashToken(token), start: token.slice(0, API_TOKENS.shownChars) })
      .returning()
    return inserted!
  })
  return { ...toSummary(row), token }
}

/**
 * Revoking deletes the token: from then on it is unknown, and a call with it answers 401. The
 * webhooks it created are turned off in the same transaction (decision 019).
 */
export async function revokeApiToken({ userId, id }: { userId: string; id: string }): Promise<ApiTokenList> {
  await db.transaction(async (tx) => {
    await disableWebhooksOfToken(tx, { userId, tokenId: id })
    const deleted = await tx
      .delete(apiTokens)
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
      .returning({ id: apiTokens.id })
    if (deleted.length === 0) throw new AppError('NOT_FOUND', API_TOKEN_MESSAGES.notFound)
  })
  return listApiTokens({ userId })
}

export type TokenAuthentication =
  | { status: 'ok'; user: SessionUser; token: ApiTokenContext }
  | { status: 'rate_limited'; retryAfterSeconds: number }
  /** Unknown, revoked, malformed or expired: a 401 with `message`, and a failure to count. */
  | { status: 'refused'; message: string }

/** `2026-11-27 16:05 UTC`: when an expired token stopped working, in its 401. */
const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/**
 * The user a bearer token acts as. One UPDATE finds a token that has not expired, stamps its last
 * use and counts the request in the token's minute (a fixed window kept in the database, so every
 * API process counts together). A refused token writes nothing: unknown, revoked and malformed
 * tokens are one answer; an expired one (found by a read) says when it expired.
 */
export async function authenticateApiToken({ token }: { token: string }): Promise<TokenAuthentication> {
  if (!API_TOKEN_PATTERN.test(token)) return { status: 'refused', message: API_TOKEN_MESSAGES.invalid }
  const tokenHash = hashToken(token)
  const minute = sql`date_trunc('minute', now())`
  const [hit] = await db
    .update(apiTokens)
    .set({
      lastUsedAt: sql`now()`,
      rateWindowCount: sql`CASE WHEN ${apiTokens.rateWindowStart} = ${minute} THEN ${apiTokens.rateWindowCount} + 1 ELSE 1 END`,
      rateWindowStart: minute,
    })
    .where(and(eq(apiTokens.tokenHash, tokenHash), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`))))
    .returning({
      id: apiTokens.id,
      userId: apiTokens.userId,
      scope: apiTokens.scope,
      expiresAt: apiTokens.expiresAt,
      count: apiTokens.rateWindowCount,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from (${minute} + interval '1 minute' - now()))))::int`,
    })
  if (!hit) {
    const [expired] = await db.select({ expiresAt: apiTokens.expiresAt }).from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash))
    if (expired?.expiresAt) return { status: 'refused', message: API_TOKEN_MESSAGES.expired(utcMinute(expired.expiresAt)) }
    return { status: 'refused', message: API_TOKEN_MESSAGES.invalid }
  }
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
  if (!owner) return { status: 'refused', message: API_TOKEN_MESSAGES.invalid }
  return { status: 'ok', user: owner, token: { id: hit.id, scope: hit.scope, expiresAt: hit.expiresAt } }
}
