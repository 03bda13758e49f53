import { sql, type SQL } from 'drizzle-orm'
import { COLUMN_KEY_PATTERN } from '#common/schemas/rows'
import type { AiRunRequest } from '#common/schemas/enrichment'
import type { Database } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { sqlArray } from '#server/db/sql-array'
import { viewSql, type RowSource } from './row-reader.ts'

/**
 * The rows as AI columns see them: the rows a run covers (counted, and queued as cells in the
 * same statement), the inputs of claimed rows with the hash that groups identical ones, and the
 * rows counted as enriched. A done cell's value lives in its row's `data` under the AI column's
 * key (row-cells.ts `writeAiValues`).
 */

/** A column key is checked before it is written into SQL text. */
function keyLiteral(key: string) {
  if (!COLUMN_KEY_PATTERN.test(key)) throw new Error(`Not a column key: ${key}`)
  return `'${key}'`
}

/** md5 of the row's values of `keys` in order, over `alias.data`: identical inputs are computed once. */
function inputHashSql(keys: readonly string[], alias = 'r'): SQL {
  if (keys.length === 0) return sql.raw(`md5('[]')`)
  return sql.raw(`md5(jsonb_build_array(${keys.map((k) => `${alias}.data -> ${keyLiteral(k)}`).join(', ')})::text)`)
}

/** A cell the user corrected is never taken by a run of any kind (decision 038). */
const NOT_CORRECTED = sql`c.corrected IS NOT TRUE`

/** The rows a run covers, as a FROM ... WHERE over `csv_rows r` (joined to the field's `ai_cells c`). */
export type RunScope = { readonly from: SQL }

/**
 * Rows of the scope whose cell is not already queued or running. Resolved before any
 * transaction: a view's filters may ask for their indexes first.
 */
export async function resolveRunScope({ source, fieldId, request }: { source: RowSource; fieldId: string; request: AiRunRequest }): Promise<RunScope> {
  const where = await scopeWhere(source, request)
  return {
    from: sql`FROM csv_rows r LEFT JOIN ai_cells c ON c.field_id = ${fieldId} AND c.row_index = r.row_index
    WHERE r.upload_id = ${source.id} AND ${NOT_CORRECTED} AND ${where}`,
  }
}

async function scopeWhere(source: RowSource, request: AiRunRequest): Promise<SQL> {
  const idle = sql`(c.status IS NULL OR c.status NOT IN ('queued', 'running'))`
  switch (request.scope) {
    case 'all':
    case 'corrections':
      return idle
    case 'empty':
      return sql`(c.status IS NULL OR c.status IN ('cancelled', 'no_credits'))`
    case 'failed':
      return sql`c.status IN ('error', 'no_credits')`
    case 'stale':
      return sql`c.status = 'stale'`
    case 'selected':
      return sql`${idle} AND r.row_index = ANY(${sqlArray(request.rowIndexes ?? [], 'int4')})`
    case 'view': {
      const view = request.view ?? { filters: [] }
      const { where } = await viewSql({ source, view: { ...view, filters: view.filters ?? [] } })
      return sql`${idle} AND r.row_index IN (SELECT row_index FROM csv_rows WHERE ${where})`
    }
  }
}

/**
 * An auto-run's rows (issue 33): rows just added whose cell is not queued or running, and rows
 * whose cell went stale when the column covers them.
 */
export function autoRunScope({ uploadId, fieldId, addedRows, staleRows }: { uploadId: string; fieldId: string; addedRows: readonly number[]; staleRows: readonly number[] }): RunScope {
  return {
    from: sql`FROM csv_rows r LEFT JOIN ai_cells c ON c.field_id = ${fieldId} AND c.row_index = r.row_index
    WHERE r.upload_id = ${uploadId} AND r.row_index = ANY(${sqlArray([...addedRows, ...staleRows], 'int4')}) AND ${NOT_CORRECTED}
      AND ((r.row_index = ANY(${sqlArray(addedRows, 'int4')}) AND (c.status IS NULL OR c.status NOT IN ('queued', 'running')))
        OR (r.row_index = ANY(${sqlArray(staleRows, 'int4')}) AND c.status = 'stale'))`,
  }
}

/**
 * Rows about to change (an edit in the grid, an upsert by API): the done AI cells whose prompt
 * reads a column whose value changes become stale. Run before the change is written (it compares
 * with the stored values); `values` holds a row's changed keys, null for a value removed. A prompt
 * naming no column reads them all. Answers the cells made stale.
 */
export async function staleCellsOfChanges(
  executor: Pick<Database, 'execute'>,
  { uploadId, changes }: { uploadId: string; changes: ReadonlyArray<{ rowIndex: number; values: Record<string, string | null> }> },
): Promise<Array<{ fieldId: string; rowIndex: number }>> {
  if (changes.length === 0) return []
  const records = JSON.stringify(changes.map((change) => ({ row_index: change.rowIndex, data: change.values })))
  const rows = await queryRows<{ field_id: string; row_index: number }>(
    sql`UPDATE ai_cells AS c SET status = 'stale', updated_at = now()
      FROM ai_fields AS f, csv_rows AS r, jsonb_to_recordset(${records}::jsonb) AS x(row_index integer, data jsonb)
      WHERE f.upload_id = ${uploadId} AND c.field_id = f.id AND c.status = 'done' AND NOT c.corrected AND c.row_index = x.row_index
        AND r.upload_id = ${uploadId} AND r.row_index = x.row_index
        AND EXISTS (
          SELECT 1 FROM jsonb_each(x.data) AS e
          WHERE (jsonb_array_length(f.referenced_keys) = 0 OR f.referenced_keys ? e.key)
            AND (r.data -> e.key) IS DISTINCT FROM (CASE WHEN e.value = 'null'::jsonb OR e.value = '""'::jsonb THEN NULL ELSE e.value END))
      RETURNING c.field_id, c.row_index`,
    executor,
  )
  return rows.map((row) => ({ fieldId: row.field_id, rowIndex: Number(row.row_index) }))
}

/**
 * Locks the rows, in order, for the rest of the caller's transaction: the writes that decide
 * whether a row's auto-run cells have all ended take their rows' locks first, so two of them
 * never both miss the other's last cell (each sees the other's commit once it has the lock).
 */
export async function lockRows(executor: Pick<Database, 'execute'>, { uploadId, rowIndexes }: { uploadId: string; rowIndexes: readonly number[] }) {
  if (rowIndexes.length === 0) return
  await executor.execute(sql`
    SELECT row_index FROM csv_rows WHERE upload_id = ${uploadId} AND row_index = ANY(${sqlArray(rowIndexes, 'int4')})
    ORDER BY row_index FOR UPDATE`)
}

/** The stored values of some rows by column key, in the caller's transaction. */
export async function rowValuesIn(executor: Pick<Database, 'execute'>, { uploadId, rowIndexes }: { uploadId: string; rowIndexes: readonly number[] }) {
  const rows = await queryRows<{ row_index: number; data: Record<string, string> | string }>(
    sql`SELECT row_index, data FROM csv_rows WHERE upload_id = ${uploadId} AND row_index = ANY(${sqlArray(rowIndexes, 'int4')})`,
    executor,
  )
  return new Map(rows.map((row) => [Number(row.row_index), typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, string>) : row.data]))
}

/** Every row of an upload, for a column not made yet (no cells to join). */
export const wholeUploadScope = (uploadId: string): RunScope => ({ from: sql`FROM csv_rows r WHERE r.upload_id = ${uploadId}` })

/**
 * Rows of a scope and how many distinct inputs they hold: a run calls the model, and charges,
 * once per distinct input (the cells' input hash).
 */
export async function countRunScope(scope: RunScope, inputKeys: readonly string[]): Promise<{ rows: number; distinctInputs: number }> {
  const [counted] = await queryRows<{ n: number | string; distinct_inputs: number | string }>(
    sql`SELECT count(*) AS n, count(DISTINCT ${inputHashSql(inputKeys)}) AS distinct_inputs ${scope.from}`,
  )
  return { rows: Number(counted?.n ?? 0), distinctInputs: Number(counted?.distinct_inputs ?? 0) }
}

/**
 * Queues a cell per row of the scope, with the hash of its inputs, in the caller's transaction;
 * answers the rows queued.
 */
export async function queueRunCells(
  executor: Pick<Database, 'execute'>,
  scope: RunScope,
  { fieldId, uploadId, runSeq, inputKeys, auto = false }: { fieldId: string; uploadId: string; runSeq: number; inputKeys: readonly string[]; auto?: boolean },
): Promise<number[]> {
  // An auto-run's cell owes its row's `row.enriched` event; a user's run keeps what the cell owed.
  const queued = await queryRows<{ row_index: number }>(
    sql`INSERT INTO ai_cells (field_id, upload_id, row_index, status, run_seq, charge_seq, input_hash, auto_pending)
      SELECT ${fieldId}, ${uploadId}, r.row_index, 'queued', ${runSeq}, 1, ${inputHashSql(inputKeys)}, ${auto}
      ${scope.from}
      ON CONFLICT (field_id, row_index) DO UPDATE SET
        status = 'queued', run_seq = EXCLUDED.run_seq, charge_seq = ai_cells.charge_seq + 1, input_hash = EXCLUDED.input_hash,
        follows_row = NULL, error = NULL, lease_until = NULL, updated_at = now(), auto_pending = ai_cells.auto_pending OR EXCLUDED.auto_pending
      WHERE NOT ai_cells.corrected
      RETURNING row_index`,
    executor,
  )
  return queued.map((row) => Number(row.row_index))
}

/**
 * The rows of `rowsOf` (a statement of the caller's WITH, whose rows carry `row_index`) with their
 * values (`data`) and the hash of their inputs (`input_hash`), every column of `rowsOf` kept: a
 * SELECT for the caller's next WITH step, so an AI run reads the rows it claims in the statement
 * that claims them. A row deleted since is left out.
 */
export function rowInputsSelect({ uploadId, rowsOf, inputKeys }: { uploadId: string; rowsOf: string; inputKeys: readonly string[] }): SQL {
  return sql`SELECT k.*, r.data, ${inputHashSql(inputKeys)} AS input_hash
    FROM ${sql.identifier(rowsOf)} AS k JOIN csv_rows AS r ON r.upload_id = ${uploadId} AND r.row_index = k.row_index`
}

/** Rows of every file with at least one AI value (the public stats): any of its upload's AI columns holds a non-empty value in it. */
export async function countEnrichedRowsEverywhere(): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(sql`
    SELECT count(*) AS n FROM csv_rows r
    WHERE EXISTS (
      SELECT 1 FROM upload_columns c
      WHERE c.upload_id = r.upload_id AND c.kind = 'ai' AND coalesce(r.data ->> c.key, '') <> ''
    )`)
  return Number(row?.n ?? 0)
}

/** Rows of the user's files with at least one AI value (the dashboard); 0 with no AI column anywhere. */
export async function countEnrichedRowsOfUser({ userId }: { userId: string }): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(sql`
    SELECT count(*) AS n
    FROM (
      SELECT c.upload_id, array_agg(c.key) AS keys
      FROM upload_columns c JOIN csv_uploads u ON u.id = c.upload_id
      WHERE u.user_id = ${userId} AND c.kind = 'ai'
      GROUP BY c.upload_id
    ) ai
    JOIN csv_rows r ON r.upload_id = ai.upload_id
    WHERE EXISTS (SELECT 1 FROM unnest(ai.keys) AS k WHERE coalesce(r.data->>k, '') <> '')`)
  return Number(row?.n ?? 0)
}
