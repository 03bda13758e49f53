import { bigint, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
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

/**
 * How many rows of an upload hold each compared value, per duplicate figure of the quality report
 * (issue 44: the figures kept current from the rows a write touches): `figure` names what is
 * compared (an identifying column by its label name, the record's identity, the whole row),
 * `value_hash` the value's 64-bit hash (row-storage/first-seen.ts), `rows` how many rows hold it.
 * A write adds and takes away its rows' values and reads the figures' change from the counts it
 * moved; the whole file is counted only to fill the table (row-storage/duplicate-groups.ts).
 * Written only by row storage.
 */
export const csvDuplicateGroups = pgTable(
  'csv_duplicate_groups',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => csvUploads.id, { onDelete: 'cascade' }),
    figure: text('figure').notNull(),
    valueHash: bigint('value_hash', { mode: 'bigint' }).notNull(),
    rows: integer('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.figure, t.valueHash] })],
)
