import { integer, jsonb, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core'
import { csvUploads } from './uploads.ts'

/**
 * Each row's duplicate labels in the columns that identify a lead (issue 32, Magic Chat's speed):
 * `keys` maps `<column key>:<kind>` to `[cell as it was, label]`, the label the same integer for
 * every row whose compared value was the same and null for a value no other row had. A plan
 * counts repeats among the rows it matched from the labels instead of comparing the values again,
 * where a row's cell is still what was labelled (row-storage/duplicate-keys.ts says why that is
 * exact). Kept beside the rows, not in them: writing a label into `csv_rows` rewrote the row and
 * every search index on it. Written only by row storage.
 */
export const csvRowDuplicateKeys = pgTable(
  'csv_row_duplicate_keys',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => csvUploads.id, { onDelete: 'cascade' }),
    rowIndex: integer('row_index').notNull(),
    keys: jsonb('keys').$type<Record<string, [string, number | null]>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.rowIndex] })],
)
