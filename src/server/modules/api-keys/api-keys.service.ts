import { and, asc, eq, sql } from 'drizzle-orm'
import { API_KEY_MESSAGES } from '#common/messages'
import { saveApiKeySchema, type AiKeyProvider, type ApiKeySummary, type ApiSettings, type SaveApiKeyInput } from '#common/schemas/api-keys'
import { db } from '#server/db/client'
import { subscribers, userApiKeys } from '#server/db/schema/index'
import { env } from '#server/env'
import { AppError } from '#server/platform/app-error'
import { decryptSecret, encryptSecret, SecretDecryptionError } from '#server/platform/crypto'
import { logger } from '#server/platform/logger'
import { checkKeyOrThrow } from './key-check.ts'
import { assertUserBaseUrlAllowedOrThrow } from './user-base-url.ts'

type KeyRow = typeof userApiKeys.$inferSelect

/** The authenticated data of a key's ciphertext: it decrypts only on its own user's row for its provider. */
const keyContext = (userId: string, provider: AiKeyProvider) => `user_api_keys:${userId}:${provider}`

function toSummary(row: KeyRow): ApiKeySummary {
  return {
    id: row.id,
    provider: row.provider,
    last_four: row.lastFour,
    base_url: row.baseUrl,
    model: row.model,
    is_active: true,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

async function activeKeyRows(userId: string) {
  return db
    .select()
    .from(userApiKeys)
    .where(and(eq(userApiKeys.userId, userId), eq(userApiKeys.isActive, true)))
    .orderBy(asc(userApiKeys.createdAt))
}

async function preferApiKeyOf(userId: string): Promise<boolean> {
  const [row] = await db.select({ prefer: subscribers.preferApiKey }).from(subscribers).where(eq(subscribers.userId, userId))
  return row?.prefer ?? false
}

/** What the platform is configured with, as booleans and model names: never a secret. */
function platformConfig(): ApiSettings['platform'] {
  return {
    providers: { openai: Boolean(env.OPENAI_API_KEY), anthropic: Boolean(env.ANTHROPIC_API_KEY), perplexity: Boolean(env.PERPLEXITY_API_KEY) },
    custom_base_url: Boolean(env.OPENAI_BASE_URL),
    model: env.AI_MODEL ?? null,
    web_model: env.AI_WEB_MODEL ?? null,
  }
}

/** API Settings: the user's active keys (last four characters only), the preference, the platform's setup. */
export async function getApiSettings({ userId }: { userId: string }): Promise<ApiSettings> {
  const [rows, prefer] = await Promise.all([activeKeyRows(userId), preferApiKeyOf(userId)])
  const hasActiveKey = rows.length > 0
  return {
    keys: rows.map(toSummary),
    has_active_key: hasActiveKey,
    prefer_api_key: prefer,
    using_own_key: hasActiveKey && prefer,
    platform: platformConfig(),
  }
}

/**
 * Saves (or replaces) the user's key for a provider after the provider accepted it in a test call.
 * The key is stored encrypted; only its last four characters are kept in the clear.
 */
export async function saveApiKey({ userId, ...input }: { userId: string } & SaveApiKeyInput): Promise<ApiKeySummary> {
  const parsed = saveApiKeySchema.parse(input)
  const isCompatible = parsed.provider === 'openai_compatible'
  const baseUrl = isCompatible ? parsed.base_url!.replace(/\/+$/, '') : null
  const model = isCompatible ? parsed.model! : null
  if (baseUrl) await assertUserBaseUrlAllowedOrThrow(baseUrl)
  await checkKeyOrThrow({ provider: parsed.provider, apiKey: parsed.api_key, baseUrl, model })

  const now = new Date()
  const values = {
    encryptedKey: encryptSecret(parsed.api_key, keyContext(userId, parsed.provider)),
    lastFour: parsed.api_key ? parsed.api_key.slice(-4) : null,
    baseUrl,
    model,
    isActive: true,
    updatedAt: now,
  }
  const [row] = await db
    .insert(userApiKeys)
    .values({ userId, provider: parsed.provider, ...values })
    .onConflictDoUpdate({ target: [userApiKeys.userId, userApiKeys.provider], set: values })
    .returning()
  logger.info({ event: 'api-keys.saved', userId, provider: parsed.provider })
  return toSummary(row!)
}

/**
 * Removes a key: the secret is erased and the row made inactive. When no active key remains the
 * preference goes back to platform credits (001 §4).
 */
export async function removeApiKey({ userId, id }: { userId: string; id: string }): Promise<ApiSettings> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .update(userApiKeys)
      .set({ isActive: false, encryptedKey: null, updatedAt: new Date() })
      .where(and(eq(userApiKeys.id, id), eq(userApiKeys.userId, userId), eq(userApiKeys.isActive, true)))
      .returning({ id: userApiKeys.id })
    if (removed.length === 0) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.keyNotFound)
    await tx
      .update(subscribers)
      .set({ preferApiKey: false, updatedAt: new Date() })
      .where(
        and(
          eq(subscribers.userId, userId),
          sql`not exists (select 1 from ${userApiKeys} where ${userApiKeys.userId} = ${userId} and ${userApiKeys.isActive})`,
        ),
      )
  })
  logger.info({ event: 'api-keys.removed', userId, keyId: id })
  return getApiSettings({ userId })
}

/** The credits / own-key switch: turning it on needs an active key. */
export async function updateKeyPreference({ userId, prefer_api_key }: { userId: string; prefer_api_key: boolean }): Promise<ApiSettings> {
  if (prefer_api_key && (await activeKeyRows(userId)).length === 0) {
    throw new AppError('CONFLICT', API_KEY_MESSAGES.preferenceNeedsKey)
  }
  await db
    .insert(subscribers)
    .values({ userId, preferApiKey: prefer_api_key })
    .onConflictDoUpdate({ target: subscribers.userId, set: { preferApiKey: prefer_api_key, updatedAt: new Date() } })
  return getApiSettings({ userId })
}

export type ActiveAiKey = {
  provider: AiKeyProvider
  apiKey: string
  baseURL: string | null
  model: string | null
}

/**
 * For the AI engine, server side only: the user's active keys, decrypted, and whether the user
 * chose to use them. A key that no longer decrypts (APP_SECRET changed) is left out and logged.
 */
export async function getActiveAiKeys({ userId }: { userId: string }): Promise<{ preferOwnKey: boolean; keys: ActiveAiKey[] }> {
  const [rows, prefer] = await Promise.all([activeKeyRows(userId), preferApiKeyOf(userId)])
  const keys: ActiveAiKey[] = []
  for (const row of rows) {
    if (row.encryptedKey === null) continue
    try {
      keys.push({
        provider: row.provider,
        apiKey: decryptSecret(row.encryptedKey, keyContext(userId, row.provider)),
        baseURL: row.baseUrl,
        model: row.model,
      })
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error
      logger.warn({ event: 'api-keys.undecryptable', userId, provider: row.provider })
    }
  }
  return { preferOwnKey: prefer && keys.length > 0, keys }
}
