import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { createdAt } from './columns.ts'

/**
 * Personal API tokens (issue 24). Only the SHA-256 of a token is stored (a token is 32 random
 * bytes, so a fast hash is enough), with its first characters for the list. Revoking deletes the
 * row. The per-token rate window lives on the row, so every API process counts the same requests.
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
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The minute the count below belongs to (a fixed window). */
    rateWindowStart: timestamp('rate_window_start', { withTimezone: true }),
    rateWindowCount: integer('rate_window_count').notNull().default(0),
  },
  (t) => [uniqueIndex('api_tokens_token_hash_idx').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId, t.createdAt)],
)
