import { sql } from 'drizzle-orm'
import { boolean, check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { AiKeyProvider } from '#common/schemas/api-keys'
import { user } from './auth.ts'
import { timestamps } from './columns.ts'

/**
 * A user's own AI provider keys (001 §3, extended to several providers). One row per user and
 * provider: saving again replaces the key. The key is AES-256-GCM ciphertext bound to its user and
 * provider (`platform/crypto.ts`); removal clears it and leaves the row inactive.
 */
export const userApiKeys = pgTable(
  'user_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<AiKeyProvider>().notNull(),
    /** Null once the key is removed: a removed key is not kept anywhere. */
    encryptedKey: text('encrypted_key'),
    lastFour: text('last_four'),
    /** Only for openai_compatible: the server's base URL and the model to call. */
    baseUrl: text('base_url'),
    model: text('model'),
    isActive: boolean('is_active').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('user_api_keys_user_provider_idx').on(t.userId, t.provider),
    check('user_api_keys_provider_known', sql`${t.provider} in ('openai', 'anthropic', 'perplexity', 'openai_compatible')`),
  ],
)
