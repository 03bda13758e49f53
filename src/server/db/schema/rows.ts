import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * csv_rows is partitioned by upload (LIST on upload_id), created by the hand-written migration
 * `0002_csv_rows_partitioned.sql`: drizzle-kit cannot express partitions, so this table is kept
 * out of `schema/index.ts` (which drizzle-kit reads) and only used for typed queries.
 */
export const csvRows = pgTable(
  'csv_rows',
  {
    uploadId: uuid('upload_id').notNull(),
    rowIndex: integer('row_index').notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    /** PGlite only: the row's values lower-cased, for search (row-writer.ts `storesSearchText`). */
    searchText: text('search_text'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.rowIndex] })],
)
