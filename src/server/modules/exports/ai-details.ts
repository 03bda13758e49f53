import { and, eq, inArray, sql } from 'drizzle-orm'
import type { GridRow } from '#common/schemas/rows'
import type { ColumnKind, ColumnType } from '#common/schemas/uploads'
import type { DateReading } from './lib/typed-cells.ts'
import { db } from '#server/db/client'
import { aiCells, aiFields } from '#server/db/schema/index'
import { sqlArray } from '#server/db/sql-array'

/**
 * What an export adds for AI columns: their values typed by the field's output (a JSON object
 * stays an object in a JSON export) and, when asked (`aiDetails`), three columns after each AI
 * column with its cells' provenance: `<column> reasoning`, `<column> confidence` (a number) and
 * `<column> sources` (the URLs, one a line).
 */

export type ExportColumn = {
  key: string
  name: string
  type: ColumnType
  kind?: ColumnKind
  /** A date column's day/month reading (typed-cells.ts). */
  dates?: DateReading
  /** An AI column whose answers are JSON objects: a JSON export writes the object. */
  isJsonObject?: boolean
}

type FieldOfColumn = { fieldId: string; columnKey: string }

export type AiExportPlan = {
  columns: ExportColumn[]
  /** Fields whose cells' details are read per page of rows; none unless `aiDetails`. */
  detailFields: FieldOfColumn[]
}

/** Detail columns' keys cannot be a column's key (those match COLUMN_KEY_PATTERN, no colon). */
const detailKey = (columnKey: string, part: 'reasoning' | 'confidence' | 'sources') => `${columnKey}:${part}`

export async function planAiExport(uploadId: string, columns: ExportColumn[], aiDetails: boolean): Promise<AiExportPlan> {
  const aiKeys = columns.filter((column) => column.kind === 'ai').map((column) => column.key)
  if (aiKeys.length === 0) return { columns, detailFields: [] }
  const fields = await db
    .select({ fieldId: aiFields.id, columnKey: aiFields.columnKey, outputType: aiFields.outputType })
    .from(aiFields)
    .where(and(eq(aiFields.uploadId, uploadId), inArray(aiFields.columnKey, aiKeys)))
  const byKey = new Map(fields.map((field) => [field.columnKey, field]))
  const planned: ExportColumn[] = []
  for (const column of columns) {
    const field = byKey.get(column.key)
    if (!field) {
      planned.push(column)
      continue
    }
    planned.push({ ...column, isJsonObject: field.outputType.kind === 'json' })
    if (!aiDetails) continue
    planned.push(
      { key: detailKey(column.key, 'reasoning'), name: `${column.name} reasoning`, type: 'text' },
      { key: detailKey(column.key, 'confidence'), name: `${column.name} confidence`, type: 'number' },
      { key: detailKey(column.key, 'sources'), name: `${column.name} sources`, type: 'text' },
    )
  }
  return { columns: planned, detailFields: aiDetails ? fields.map(({ fieldId, columnKey }) => ({ fieldId, columnKey })) : [] }
}

/** Adds the page's cells' reasoning, confidence and sources to its rows' values, as text the writers type. */
export async function withAiDetails(rows: GridRow[], fields: FieldOfColumn[]): Promise<GridRow[]> {
  if (fields.length === 0 || rows.length === 0) return rows
  const keyOf = new Map(fields.map((field) => [field.fieldId, field.columnKey]))
  const cells = await db
    .select({ fieldId: aiCells.fieldId, rowIndex: aiCells.rowIndex, reasoning: aiCells.reasoning, confidence: aiCells.confidence, sources: aiCells.sources })
    .from(aiCells)
    .where(
      and(
        inArray(
          aiCells.fieldId,
          fields.map((field) => field.fieldId),
        ),
        sql`${aiCells.rowIndex} = ANY(${sqlArray(rows.map((row) => row.rowIndex), 'int4')})`,
      ),
    )
  const byRow = new Map(rows.map((row) => [row.rowIndex, { ...row.values }]))
  for (const cell of cells) {
    const values = byRow.get(cell.rowIndex)
    const columnKey = keyOf.get(cell.fieldId)
    if (!values || !columnKey) continue
    values[detailKey(columnKey, 'reasoning')] = cell.reasoning ?? ''
    // A real (float4) prints as 0.8999999761581421 through JavaScript: six digits say it.
    values[detailKey(columnKey, 'confidence')] = cell.confidence === null ? '' : String(Number(cell.confidence.toPrecision(6)))
    values[detailKey(columnKey, 'sources')] = (cell.sources ?? []).join('\n')
  }
  return rows.map((row) => ({ rowIndex: row.rowIndex, values: byRow.get(row.rowIndex)! }))
}

/** A JSON-object answer as the object it is; text that is not one stays text. */
export function jsonObjectCell(text: string): unknown {
  if (text.trim() === '') return null
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' ? value : text
  } catch {
    return text
  }
}
