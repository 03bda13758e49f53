import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { ApiTokenScope } from '#common/schemas/api-tokens'
import { user } from './auth.ts'
import { createdAt } from './columns.ts'

/**
 * Personal API tokens (issue 24). Only the SHA-256 of a token is stored (a token is 32 random
 * bytes, so a fast hash is enough), with its first characters for the list. Revoking deletes the
 * row. The per-token rate window lives on the row, so every API process counts the same requests.
 * `scope` says what the token may do (docs/decisions/019): rows made before scopes existed were full
 * tokens, so the default keeps them so; a new token always names its scope. `expires_at` null: no expiry.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    start: text('start').notNull(),
    scope: text('scope').$type<ApiTokenScope>().notNull().default('read_write'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The minute the count below belongs to (a fixed window). */
    rateWindowStart: timestamp('rate_window_start', { withTimezone: true }),
    rateWindowCount: integer('rate_window_count').notNull().default(0),
  },
  (t) => [uniqueIndex('api_tokens_token_hash_idx').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId, t.createdAt)],
)
