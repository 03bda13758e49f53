import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type {
  ColumnKind,
  ColumnType,
  DateOrder,
  DateOrderBasis,
  DataQualityIssue,
  HeaderPreview,
  QualityMetrics,
  UploadStatus,
} from '#common/schemas/uploads'
import { user } from './auth.ts'
import type { ImportPlan } from '#server/modules/uploads/import-plan'
import { timestamps } from './columns.ts'

export const folders = pgTable(
  'folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color'),
    ...timestamps(),
  },
  (t) => [index('folders_user_idx').on(t.userId, t.createdAt)],
)

export const csvUploads = pgTable(
  'csv_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    storagePath: text('storage_path').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    status: text('status').$type<UploadStatus>().notNull(),
    /** How the importer reads the stored file (uploads.service `ImportPlan`). */
    plan: jsonb('plan').$type<ImportPlan>().notNull(),
    preview: jsonb('preview').$type<HeaderPreview>(),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    /** Bytes of the stored file the import has read: the polling fallback's percentage. */
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    validRows: integer('valid_rows').notNull().default(0),
    skippedRows: integer('skipped_rows').notNull().default(0),
    dataCompletenessScore: real('data_completeness_score'),
    dataQualityIssues: jsonb('data_quality_issues').$type<DataQualityIssue[]>().notNull().default(sql`'[]'::jsonb`),
    qualityMetrics: jsonb('quality_metrics').$type<QualityMetrics>(),
    /**
     * What `csv_duplicate_groups` holds the counts of (row-storage/duplicate-groups.ts): the
     * figures' signature when they are current, `counting:<id>` while the file is counted, null
     * before (a write then asks the labels job to count it).
     */
    duplicateGroups: text('duplicate_groups'),
    errorMessage: text('error_message'),
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('csv_uploads_user_updated_idx').on(t.userId, t.updatedAt),
    index('csv_uploads_user_created_idx').on(t.userId, t.createdAt),
  ],
)

/** Column metadata apart from the rows: `key` is stable, so a rename touches no row. */
export const uploadColumns = pgTable(
  'upload_columns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => csvUploads.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    type: text('type').$type<ColumnType>().notNull().default('text'),
    position: integer('position').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    kind: text('kind').$type<ColumnKind>().notNull().default('source'),
    /** A formula column's formula, as the user wrote it (`{Column}` names; common/formula). */
    formula: text('formula'),
    width: integer('width'),
    /** A date column's day/month order and what settled it (common/schemas/uploads.ts). */
    dateOrder: text('date_order').$type<DateOrder>(),
    dateOrderBasis: text('date_order_basis').$type<DateOrderBasis>(),
    /**
     * The UTC day a formula column's values were computed on, when its formula reads TODAY()
     * (itself or through a formula column it names); null for every other column. A job computes
     * the column again once the day has passed (columns.jobs.ts, docs/api/formulas.md).
     */
    formulaComputedOn: date('formula_computed_on', { mode: 'string' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('upload_columns_upload_key_idx').on(t.uploadId, t.key),
    index('upload_columns_upload_position_idx').on(t.uploadId, t.position),
    // Names are compared as a person reads them (case and surrounding spaces do not count): two
    // requests adding one new name at once cannot both create it.
    uniqueIndex('upload_columns_upload_name_idx').on(t.uploadId, sql`lower(btrim(${t.name}))`),
  ],
)
