import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { csvUploads } from './uploads.ts'

/**
 * The `Idempotency-Key`s of rows added by API (issue 33), per user: a retried call answers the
 * first call's `result` and adds nothing. `request_hash` tells a retry from another request sent
 * under the same key. Kept ROWS_API.idempotencyHours; older ones are deleted as the user sends
 * new ones. Written only by the rows module.
 */
export const rowAdditionKeys = pgTable(
  'row_addition_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => csvUploads.id, { onDelete: 'cascade' }),
    requestHash: text('request_hash').notNull(),
    result: jsonb('result').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('row_addition_keys_created_idx').on(t.userId, t.createdAt)],
)
