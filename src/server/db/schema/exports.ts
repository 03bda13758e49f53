import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import type { ExportFormat, ExportScope } from '#common/schemas/rows'
import { user } from './auth.ts'
import { csvUploads } from './uploads.ts'
import { createdAt } from './columns.ts'

/** One row per export a user downloaded: the dashboard's 'Exports created'. */
export const exports = pgTable(
  'exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id').references(() => csvUploads.id, { onDelete: 'set null' }),
    format: text('format').$type<ExportFormat>().notNull(),
    scope: text('scope').$type<ExportScope>().notNull(),
    rowCount: integer('row_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('exports_user_created_idx').on(t.userId, t.createdAt)],
)
