import { sql } from 'drizzle-orm'
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { timestamps } from './columns.ts'

/**
 * Named secrets HTTP API columns send (issue 43): AES-256-GCM like the AI keys (platform/crypto),
 * the owner and name as authenticated data. Only the name is ever read back out.
 */
export const userSecrets = pgTable(
  'user_secrets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    encryptedValue: text('encrypted_value').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('user_secrets_user_name_idx').on(t.userId, sql`lower(${t.name})`), index('user_secrets_user_idx').on(t.userId)],
)
