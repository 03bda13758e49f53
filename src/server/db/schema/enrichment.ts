import { sql } from 'drizzle-orm'
import { customType, foreignKey, boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { AiCellStatus, AiCellValue, AiFieldStatus, AiOutputType, AiStoredRunScope } from '#common/schemas/enrichment'
import type { CellStep, FieldSource } from '#common/schemas/sources'
import { user } from './auth.ts'
import { csvUploads, uploadColumns } from './uploads.ts'
import { timestamps } from './columns.ts'

/**
 * An AI column: its prompt and output type, and the state of its current (or last) run. The
 * column's name lives in `upload_columns` (one truth for renames); deleting that column deletes
 * the field and its cells.
 */
export const aiFields = pgTable(
  'ai_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => csvUploads.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    columnKey: text('column_key').notNull(),
    prompt: text('prompt').notNull(),
    /** Goes up with every change of prompt or output type; a cell remembers the version it was made with. */
    promptVersion: integer('prompt_version').notNull().default(1),
    outputType: jsonb('output_type').$type<AiOutputType>().notNull(),
    webSearch: boolean('web_search').notNull().default(false),
    /**
     * Where the values come from when not from the prompt: an HTTP request per row (issue 43).
     * Null: the prompt, answered by the AI model. `prompt` then only names the request.
     */
    source: jsonb('source').$type<FieldSource>(),
    /** Column keys the prompt refers to: an edit of one makes the row's cell stale. */
    referencedKeys: jsonb('referenced_keys').$type<string[]>().notNull(),
    status: text('status').$type<AiFieldStatus>().notNull().default('idle'),
    /** Numbers a run; cells queued by it carry it. */
    runSeq: integer('run_seq').notNull().default(0),
    runScope: text('run_scope').$type<AiStoredRunScope>(),
    runTotal: integer('run_total').notNull().default(0),
    runBudget: integer('run_budget'),
    /** Credits the run's cells cost, manual and auto-queued alike (what the run shows). */
    runCreditsSpent: integer('run_credits_spent').notNull().default(0),
    /**
     * Credits reserved from the run's budget: the user's own cells only. Auto-queued cells that
     * join the run count against the monthly cap (`autoRunSpent`) instead: two meters.
     */
    runBudgetSpent: integer('run_budget_spent').notNull().default(0),
    runProvider: text('run_provider'),
    runModel: text('run_model'),
    runOwnKey: boolean('run_own_key').notNull().default(false),
    runStopReason: text('run_stop_reason'),
    runStartedAt: timestamp('run_started_at', { withTimezone: true }),
    runFinishedAt: timestamp('run_finished_at', { withTimezone: true }),
    /** Last sign of life of a worker on this run: a silent running field gets new workers. */
    runHeartbeatAt: timestamp('run_heartbeat_at', { withTimezone: true }),
    /** 'Run on new rows': rows added by API or in the grid are queued for this column as they arrive. */
    autoRun: boolean('auto_run').notNull().default(false),
    /** Auto-runs also take rows whose cell went stale after an edit of a source column. */
    autoRunStale: boolean('auto_run_stale').notNull().default(false),
    /** Credits auto-runs may spend in a calendar month (UTC); null: no cap. */
    autoRunMonthlyCap: integer('auto_run_monthly_cap'),
    /** The month (`YYYY-MM`, UTC) `autoRunSpent` counts; another month starts from 0. */
    autoRunMonth: text('auto_run_month'),
    /** Credits auto-queued cells cost this month (reserved when paid, given back on a refund). */
    autoRunSpent: integer('auto_run_spent').notNull().default(0),
    /** The cap was reached this month: auto-runs wait for the next month or a higher cap. */
    autoRunPausedAt: timestamp('auto_run_paused_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('ai_fields_upload_column_idx').on(t.uploadId, t.columnKey),
    index('ai_fields_user_idx').on(t.userId),
    index('ai_fields_status_idx').on(t.status),
    foreignKey({ columns: [t.uploadId, t.columnKey], foreignColumns: [uploadColumns.uploadId, uploadColumns.key], name: 'ai_fields_column_fk' }).onDelete(
      'cascade',
    ),
  ],
)

/** A field's row as stored: its runs, cells and services all read it. */
export type AiFieldRow = typeof aiFields.$inferSelect

/**
 * A cell's value as jsonb, read as the driver gives it: both drivers already parse jsonb, and
 * drizzle's own jsonb parsed a text value again when it looked like JSON ('{"a":1}' became an
 * object, '123' a number).
 */
const cellValue = customType<{ data: AiCellValue; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value as AiCellValue,
})

/** One AI cell (field × row): the single truth of enrichment state and provenance. */
export const aiCells = pgTable(
  'ai_cells',
  {
    fieldId: uuid('field_id')
      .notNull()
      .references(() => aiFields.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => csvUploads.id, { onDelete: 'cascade' }),
    rowIndex: integer('row_index').notNull(),
    status: text('status').$type<AiCellStatus>().notNull(),
    value: cellValue('value'),
    error: text('error'),
    reasoning: text('reasoning'),
    confidence: real('confidence'),
    sources: jsonb('sources').$type<string[]>(),
    /** The steps the value came through (an HTTP request: its status, masked URL and excerpt). */
    steps: jsonb('steps').$type<CellStep[]>(),
    provider: text('provider'),
    model: text('model'),
    promptVersion: integer('prompt_version'),
    inputHash: text('input_hash'),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    cachedTokens: integer('cached_tokens'),
    /** Credits this cell's current value cost (0 on an own key or a reused answer). */
    credits: integer('credits').notNull().default(0),
    latencyMs: integer('latency_ms'),
    /** Provider calls made for the cell's current value (retries and the repair included). */
    attempts: integer('attempts').notNull().default(0),
    /** Names the cell's charge of a run: `ai:<field>:<row>:<charge_seq>` in the ledger. */
    chargeSeq: integer('charge_seq').notNull().default(0),
    ownKey: boolean('own_key').notNull().default(false),
    reused: boolean('reused').notNull().default(false),
    /** The run that queued the cell. */
    runSeq: integer('run_seq').notNull().default(0),
    /** A queued cell whose inputs equal another queued cell's waits for that row's answer. */
    followsRow: integer('follows_row'),
    /** Goes up with every claim: a worker whose lease ran out cannot overwrite the next claim's result. */
    claimToken: integer('claim_token').notNull().default(0),
    /**
     * Queued by an auto-run (rows added, or stale rows): its row's `row.enriched` event is owed
     * until every such cell of the row has ended; cleared when the event is recorded.
     */
    autoPending: boolean('auto_pending').notNull().default(false),
    /** The user wrote this value (decision 038): no run takes the cell again until the user empties it. */
    corrected: boolean('corrected').notNull().default(false),
    /** A running cell belongs to its worker until then; after it, any worker takes it again. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fieldId, t.rowIndex] }),
    // An answer the field already has for the same inputs, looked up for the cells a worker claims.
    // No index on (field_id, status): with young statistics the planner took it for this lookup and
    // read every done cell of the field for each claimed cell; counts read a field's cells by its key.
    index('ai_cells_done_hash_idx').on(t.fieldId, t.inputHash).where(sql`status = 'done'`),
    index('ai_cells_upload_row_idx').on(t.uploadId, t.rowIndex),
    // What workers claim next, and the leases to take back from a stopped worker.
    index('ai_cells_claim_idx').on(t.fieldId, t.rowIndex).where(sql`status = 'queued' and follows_row is null`),
    index('ai_cells_lease_idx').on(t.leaseUntil).where(sql`status = 'running'`),
    // The rows waiting for a leader's answer, found by their leader when it finishes.
    index('ai_cells_follows_idx').on(t.fieldId, t.followsRow).where(sql`follows_row is not null`),
  ],
)

/**
 * A column's examples (decision 038): a value the user corrected, with the row's inputs (the
 * prompt's columns, by key) as they were then. Later calls of the column send the most similar
 * few with the prompt. One per field and row: a second correction of the row replaces it.
 */
export const aiFieldExamples = pgTable(
  'ai_field_examples',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => aiFields.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    rowIndex: integer('row_index').notNull(),
    inputs: jsonb('inputs').$type<Record<string, string>>().notNull(),
    value: text('value').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('ai_field_examples_field_row_idx').on(t.fieldId, t.rowIndex), index('ai_field_examples_user_idx').on(t.userId)],
)

export type AiFieldExampleRow = typeof aiFieldExamples.$inferSelect
