import { integer, jsonb, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core'

/**
 * Each row's duplicate labels in the columns that identify a lead (issue 32, Magic Chat's speed):
 * `keys` maps `<version>:<column key>:<kind>` to `[cell as it was, label]`, the label the first
 * row index whose compared value was the same, null for an empty one. A plan counts repeats among
 * the rows it matched from the labels instead of comparing the values again, where a row's cell
 * is still what was labelled (row-storage/duplicate-labels.ts says why that is exact). Kept
 * beside the rows, not in them: writing a label into `csv_rows` rewrote the row and every search
 * index on it. Written only by row storage, which deletes an upload's labels with its rows
 * (`dropUploadRows`). No foreign key to `csv_uploads` (issue 42): its check ran once per row of
 * the import's COPY, 2-3 s of PostgreSQL's time for 461,000 rows.
 */
export const csvRowDuplicateKeys = pgTable(
  'csv_row_duplicate_keys',
  {
    uploadId: uuid('upload_id').notNull(),
    rowIndex: integer('row_index').notNull(),
    keys: jsonb('keys').$type<Record<string, [string, number | null]>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.rowIndex] })],
)
