import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, INPUT_LIMITS, PAGE_SIZES, ROWS_API } from '../constants.ts'
import { findInputProblem, inputProblemMessage } from '../input-bounds.ts'
import { GRID_MESSAGES, ROWS_API_MESSAGES } from '../messages.ts'
import { listPageSchema, pageParamSchema } from './list.ts'
import { valueKindSchema } from './formula.ts'
import { conditionSchema } from './plans.ts'
import { columnTypeSchema, uploadColumnSchema } from './uploads.ts'

/**
 * The grid's contract (issue 4): one "view" of an upload's rows (search, filters, sort) used by
 * the rows page, the row locator and the exports, so what the user sees is what they export.
 */

export const COLUMN_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/

export const filterOperatorSchema = z.enum([
  'contains',
  'equals',
  'starts_with',
  'ends_with',
  'greater_than',
  'less_than',
  'is_empty',
  'is_not_empty',
])
export type FilterOperator = z.infer<typeof filterOperatorSchema>

/** Operators that take no value. */
export const VALUELESS_OPERATORS: readonly FilterOperator[] = ['is_empty', 'is_not_empty']

export const rowFilterSchema = z
  .object({
    column: z.string().regex(COLUMN_KEY_PATTERN),
    operator: filterOperatorSchema,
    value: z.string().max(500).default(''),
  })
  .refine((filter) => VALUELESS_OPERATORS.includes(filter.operator) || filter.value.trim() !== '', {
    message: 'Enter a value to filter by.',
    path: ['value'],
  })
export type RowFilter = z.infer<typeof rowFilterSchema>

export const sortDirectionSchema = z.enum(['asc', 'desc'])
export type SortDirection = z.infer<typeof sortDirectionSchema>

export const rowSortSchema = z.object({ column: z.string().regex(COLUMN_KEY_PATTERN), direction: sortDirectionSchema })
export type RowSort = z.infer<typeof rowSortSchema>

/**
 * What the user is looking at: all filters apply together (AND); search looks in every column.
 * `where` is the AI filter: a chat answer's plan condition (columns by name), applied as it is.
 */
export const rowViewSchema = z.object({
  q: z.string().trim().max(200).optional(),
  filters: z.array(rowFilterSchema).max(20).default([]),
  where: conditionSchema.optional(),
  sort: rowSortSchema.optional(),
})
export type RowView = z.infer<typeof rowViewSchema>

/**
 * A query param that carries JSON, held to the same rule as a JSON body once parsed (text
 * PostgreSQL can store, bounded nesting): the edge check saw only the text of the param.
 */
function parsedJsonParam(text: string, ctx: z.RefinementCtx, malformed: string): unknown {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    ctx.addIssue({ code: 'custom', message: malformed })
    return z.NEVER
  }
  const problem = findInputProblem(value, INPUT_LIMITS.maxJsonDepth)
  if (!problem) return value
  ctx.addIssue({ code: 'custom', message: inputProblemMessage(problem, INPUT_LIMITS.maxJsonDepth) })
  return z.NEVER
}

/** Query strings carry `filters` as JSON and `sort` as `key:asc`. */
const filtersParam = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (!text) return []
    return parsedJsonParam(text, ctx, 'Filters are not valid JSON.')
  })
  .pipe(z.array(rowFilterSchema).max(20))

const sortParam = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}:(asc|desc)$/, 'Sort as column:asc or column:desc.')
  .optional()
  .transform((text) => {
    if (!text) return undefined
    const [column, direction] = text.split(':') as [string, SortDirection]
    return { column, direction }
  })

const whereParam = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (!text) return undefined
    return parsedJsonParam(text, ctx, 'The AI filter is not valid JSON.')
  })
  .pipe(conditionSchema.optional())

export const rowViewQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  filters: filtersParam,
  where: whereParam,
  sort: sortParam,
})

/** The grid's page sizes, and only those; the OpenAPI document lists them as an enum. */
const perPageParam = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `Page size is one of ${PAGE_SIZES.join(', ')}.`)
  .default(DEFAULT_PAGE_SIZE)
  .meta({ description: `Rows a page: one of ${PAGE_SIZES.join(', ')} (default ${DEFAULT_PAGE_SIZE}).`, enum: [...PAGE_SIZES] })

/** How a row's values are keyed: by column key (stable across renames) or by display name. */
export const rowKeyBySchema = z.enum(['key', 'name'])
export type RowKeyBy = z.infer<typeof rowKeyBySchema>

export const rowsQuerySchema = rowViewQuerySchema.extend({
  page: pageParamSchema,
  perPage: perPageParam,
  keyBy: rowKeyBySchema.default('key').meta({
    description:
      "How each row's `values` are keyed: `key` (c1, c2, ...; stable when a column is renamed) or `name` (the columns' names, as GET /columns lists them). Filters and sort name columns by key either way.",
  }),
})
export type RowsQuery = z.infer<typeof rowsQuerySchema>

/** Encodes a view for a query string (the inverse of `rowViewQuerySchema`). */
export function rowViewSearchParams(view: Partial<RowView>): URLSearchParams {
  const params = new URLSearchParams()
  if (view.q?.trim()) params.set('q', view.q.trim())
  if (view.filters?.length) params.set('filters', JSON.stringify(view.filters))
  if (view.where) params.set('where', JSON.stringify(view.where))
  if (view.sort) params.set('sort', `${view.sort.column}:${view.sort.direction}`)
  return params
}

/**
 * Row numbers (issue 44, docs/decisions/034-row-numbers.md): programs name a row by `rowIndex`,
 * 0-based and stable (a delete renumbers nothing); people read the row number, `rowIndex + 1`,
 * wherever the app shows one (the grid's '#', 'Row N' in search, answers and AI cell details,
 * ROW() in formulas). The OpenAPI document says so on every row index.
 */
export const ROW_INDEX_DESCRIPTION = "The row's index: 0-based and stable (deleting rows renumbers none). The app shows it as the row number rowIndex + 1 (the grid's '#', 'Row N'): rowIndex 1026 is row #1027."
const rowIndexSchema = z.number().int().meta({ description: ROW_INDEX_DESCRIPTION })
const rowIndexesSchema = (list: z.ZodArray<z.ZodNumber>) => list.meta({ description: `Row indexes, 0-based: the row numbers people see are one more. ${ROW_INDEX_DESCRIPTION}` })

export const gridRowSchema = z.object({ rowIndex: rowIndexSchema, values: z.record(z.string(), z.string()) })
export type GridRow = z.infer<typeof gridRowSchema>

/** `count` is the rows in this view (after search and filters), at most VIEW_COUNT_LIMIT when not exact. */
export const rowsPageSchema = listPageSchema(gridRowSchema).extend({
  /** False when the view has more than VIEW_COUNT_LIMIT rows: show `count` as "10,000+". */
  isCountExact: z.boolean(),
})
export type RowsPage = z.infer<typeof rowsPageSchema>

/** GET /rows/locate: where a row sits in the default (unsorted, unfiltered) view. */
export const locateRowQuerySchema = z.object({
  rowIndex: z.coerce.number().int().min(0),
  perPage: perPageParam,
})
export const rowLocationSchema = z.object({ rowIndex: rowIndexSchema, page: z.number().int(), found: z.boolean() })
export type RowLocation = z.infer<typeof rowLocationSchema>

export const deleteRowsSchema = z.object({
  rowIndexes: rowIndexesSchema(z.array(z.number().int().min(0)).min(1, GRID_MESSAGES.noRowsSelectedBody).max(100_000)),
})
export type DeleteRowsInput = z.infer<typeof deleteRowsSchema>
export const deleteRowsResultSchema = z.object({ deleted: z.number().int(), totalRows: z.number().int() })
export type DeleteRowsResult = z.infer<typeof deleteRowsResultSchema>

/** A value of a row added by API: text, a number, a boolean (stored as true/false), or null (empty). */
export const addedRowValueSchema = z
  .custom<string | number | boolean | null>((value) => value === null || ['string', 'number', 'boolean'].includes(typeof value), { error: ROWS_API_MESSAGES.valueTypeAny })
  // A custom check has no JSON Schema of its own: the document says what it accepts.
  .meta({ type: ['string', 'number', 'boolean', 'null'] })
export type AddedRowValue = z.infer<typeof addedRowValueSchema>

/** One row added by API: values under the columns' names (matched without regard to case). */
export const addedRowSchema = z.record(z.string().max(200, 'Column names are at most 200 characters.'), addedRowValueSchema, { error: ROWS_API_MESSAGES.notARow })
export type AddedRow = z.infer<typeof addedRowSchema>

const addedRowsSchema = z
  .array(addedRowSchema)
  .min(1, ROWS_API_MESSAGES.noRows)
  .max(ROWS_API.maxRowsPerCall, { error: (issue) => ROWS_API_MESSAGES.tooManyRows(ROWS_API.maxRowsPerCall, Array.isArray(issue.input) ? issue.input.length : null) })

/**
 * `POST /uploads/:id/rows` as JSON: `{ rows, addColumns? }`. Not a bare array: an object keeps
 * the options beside the rows and refuses a misspelt one (`addColumn`) by name. A CSV body
 * (text/csv) is the other form of the same request.
 */
export const addRowsSchema = z.object(
  {
    rows: addedRowsSchema,
    /** Names the file does not have become new text columns, instead of a 422. */
    addColumns: z.boolean().optional(),
  },
  { error: ROWS_API_MESSAGES.notAnObject },
)
export type AddRowsInput = z.infer<typeof addRowsSchema>

export const addRowsQuerySchema = z.object({
  /** A column's name: a row whose value in it matches (as plans compare text) is updated, not added. */
  upsert: z.string().trim().min(1).max(200).optional(),
  /** For a CSV body (JSON says it in the body): names the file lacks become new text columns. */
  addColumns: z.enum(['true', 'false']).optional(),
})
export type AddRowsQuery = z.infer<typeof addRowsQuerySchema>

export const addRowsResultSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  /** The new rows' indexes, in the order sent (after the file's last row). */
  addedRowIndexes: rowIndexesSchema(z.array(z.number().int())),
  /** The rows an upsert updated, in the order sent (a row updated twice is listed once). */
  updatedRowIndexes: rowIndexesSchema(z.array(z.number().int())),
  /** Columns made for names the file lacked (`addColumns`). */
  addedColumns: z.array(z.string()),
  /** CSV records the importer skipped (more cells than the header), as an import skips them. */
  skippedRows: z.number().int(),
  /** The file's rows after the call. */
  totalRows: z.number().int(),
  /** True when this answer is a replay of an earlier call with the same Idempotency-Key. */
  replayed: z.boolean(),
})
export type AddRowsResult = z.infer<typeof addRowsResultSchema>

/** One cell; `null` or '' empties it. Typed by the column: numbers, dates, true/false. */
export const updateCellSchema = z.object({
  column: z.string().regex(COLUMN_KEY_PATTERN),
  value: z.string().max(10_000).nullable(),
})
export type UpdateCellInput = z.infer<typeof updateCellSchema>

const columnName = z
  .string()
  .trim()
  .min(1, 'Column name is required.')
  .max(200, 'Column names are at most 200 characters.')

/**
 * A formula as a request carries it. The language's own bound (FORMULA_LIMITS.maxLength) is checked
 * by the parser, whose message points at the place; this one only bounds the request.
 */
const formulaText = z.string().min(1, 'Write a formula.').max(10_000)

/**
 * A column the user adds: an empty one of a type, or a formula column (its type is the formula's,
 * its values computed for every row). The formula variant is tried first.
 */
export const addColumnSchema = z.union([
  z.object({ name: columnName, formula: formulaText }),
  z.object({ name: columnName, type: columnTypeSchema }),
])
export type AddColumnInput = z.infer<typeof addColumnSchema>

/** A formula tried on the first rows, as the editor previews it before the column is saved. */
export const formulaPreviewSchema = z.object({ formula: formulaText })
export type FormulaPreviewInput = z.infer<typeof formulaPreviewSchema>
export const FORMULA_PREVIEW_ROWS = 10
export const FORMULA_DESCRIPTION_MAX_CHARS = 500
export const formulaPreviewResponseSchema = z.object({
  type: valueKindSchema,
  rows: z.array(z.object({ rowIndex: z.number().int(), value: z.string().nullable() })),
})
export type FormulaPreview = z.infer<typeof formulaPreviewResponseSchema>

/** 'Describe it instead': what the user wants the column to hold, in their words, for the model to write as a formula. */
export const suggestFormulaSchema = z.object({
  description: z.string().trim().min(1, 'Describe what the column should hold.').max(FORMULA_DESCRIPTION_MAX_CHARS, `A description has at most ${FORMULA_DESCRIPTION_MAX_CHARS} characters.`),
})
export type SuggestFormulaInput = z.infer<typeof suggestFormulaSchema>

/**
 * The model's proposal, checked against the upload's columns and computed on the first rows as the
 * preview is; nothing is saved. `remainingCredits` is null when the user's own key answered (free).
 */
export const formulaSuggestionSchema = z.object({
  formula: z.string(),
  preview: formulaPreviewResponseSchema,
  remainingCredits: z.number().int().nullable(),
})
export type FormulaSuggestion = z.infer<typeof formulaSuggestionSchema>

/** Rename, show/hide, resize one column, or change a formula column's formula; at least one of them. */
export const updateColumnSchema = z
  .object({
    name: columnName.optional(),
    hidden: z.boolean().optional(),
    width: z.number().int().min(60).max(1200).nullable().optional(),
    formula: formulaText.optional(),
  })
  .refine((input) => input.name !== undefined || input.hidden !== undefined || input.width !== undefined || input.formula !== undefined, {
    message: 'Nothing to change.',
  })
export type UpdateColumnInput = z.infer<typeof updateColumnSchema>

export const reorderColumnsSchema = z.object({ keys: z.array(z.string().regex(COLUMN_KEY_PATTERN)).min(1).max(2000) })
export type ReorderColumnsInput = z.infer<typeof reorderColumnsSchema>

export const columnsResponseSchema = z.object({ columns: z.array(uploadColumnSchema) })
export type ColumnsResponse = z.infer<typeof columnsResponseSchema>

export const renameUploadSchema = z.object({
  filename: z.string().trim().min(1, 'Enter a file name.').max(255, 'File names are at most 255 characters.'),
})
export type RenameUploadInput = z.infer<typeof renameUploadSchema>

const EXPORT_FILE_LABEL_PATTERN = /^[A-Za-z0-9_]{1,80}$/

export const exportFormatSchema = z.enum(['csv', 'json', 'xlsx'])
export type ExportFormat = z.infer<typeof exportFormatSchema>
export const exportScopeSchema = z.enum(['all', 'view', 'selected'])
export type ExportScope = z.infer<typeof exportScopeSchema>

/**
 * POST /uploads/:id/exports answers with the file itself (Content-Disposition: attachment).
 * `all`: every row and every column. `view`: the rows of `view`, in its order, with `columns`.
 * `selected`: the rows in `rowIndexes` (row order), with `columns`. `columns` is the grid's
 * order of visible column keys; the server still puts source and added columns before AI ones.
 */
export const createExportSchema = z
  .object({
    format: exportFormatSchema,
    scope: exportScopeSchema,
    view: rowViewSchema.optional(),
    rowIndexes: z.array(z.number().int().min(0)).max(1_000_000).optional(),
    columns: z.array(z.string().regex(COLUMN_KEY_PATTERN)).max(2000).optional(),
    /** CSV only: a UTF-8 byte order mark so Excel opens accents correctly. */
    bom: z.boolean().default(false),
    /** After each AI column, its cells' `<column> reasoning`, `<column> confidence` and `<column> sources`. */
    aiDetails: z.boolean().default(false),
    /**
     * Replaces the scope's prefix in the file name (`<fileLabel>_<file>`): the AI filter's export
     * is `ai_search_<query>_<file>` (001 §7), made by `aiSearchFileLabel`.
     */
    fileLabel: z.string().regex(EXPORT_FILE_LABEL_PATTERN, 'A file label is letters, digits and underscores.').optional(),
  })
  .refine((input) => input.scope !== 'selected' || (input.rowIndexes?.length ?? 0) > 0, {
    message: 'Select at least one row to export.',
    path: ['rowIndexes'],
  })
export type CreateExportInput = z.input<typeof createExportSchema>
export type CreateExportRequest = z.output<typeof createExportSchema>

export const EXPORT_FILE_PREFIX: Record<ExportScope, string> = {
  all: 'enriched_',
  view: 'filtered_',
  selected: 'selected_',
}

/** Characters of the question kept in an AI search export's name, so the name stays a usable length. */
const AI_SEARCH_LABEL_QUERY_CHARS = 60

/** `ai_search_` + the question with every non-alphanumeric character replaced by `_` (001 §7). */
export function aiSearchFileLabel(query: string): string {
  return `ai_search_${query.trim().slice(0, AI_SEARCH_LABEL_QUERY_CHARS).replace(/[^A-Za-z0-9]/g, '_')}`
}
