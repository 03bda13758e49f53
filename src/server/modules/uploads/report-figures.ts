import { sql, type SQL } from 'drizzle-orm'
import { csvUploads } from '#server/db/schema/index'

/**
 * The quality report's figures kept current by the writers (issue 44): rows added by API, edited
 * cells and deleted rows change 'Records read', the valid rows, 'Filled cells X of Y' and the
 * completeness score by what they touched, in the write's own transaction and UPDATE of the
 * upload, never by reading the file again. (The duplicate figures follow through the labels job.)
 */
export type ReportChange = {
  /** Rows added (+) or deleted (-). */
  records: number
  /** Filled cells of the file's own columns gained (+) or lost (-). */
  filled: number
  /** Cells of the file's own columns added (+) or deleted (-). */
  cells: number
}

const figure = (name: string, change: number): SQL => sql`greatest(coalesce((${csvUploads.qualityMetrics} ->> ${name}::text)::bigint, 0) + ${change}::bigint, 0)`

/**
 * The columns of an `UPDATE csv_uploads SET ...` that apply the change: the report's figures and
 * the completeness score (as the import computes it: a percentage with one decimal). An upload
 * without a report (still importing, or failed) keeps none.
 */
export function reportFiguresSet({ records, filled, cells }: ReportChange): { qualityMetrics: SQL; dataCompletenessScore: SQL } {
  const nonEmpty = figure('nonEmptyCells', filled)
  const total = figure('totalCells', cells)
  return {
    qualityMetrics: sql`CASE WHEN ${csvUploads.qualityMetrics} IS NULL THEN NULL ELSE ${csvUploads.qualityMetrics} || jsonb_build_object(
      'totalRecords', ${figure('totalRecords', records)}, 'validRows', ${figure('validRows', records)}, 'nonEmptyCells', ${nonEmpty}, 'totalCells', ${total}) END`,
    dataCompletenessScore: sql`CASE WHEN ${csvUploads.qualityMetrics} IS NULL THEN ${csvUploads.dataCompletenessScore}
      WHEN ${total} > 0 THEN (round(${nonEmpty}::numeric * 1000 / ${total}) / 10)::real ELSE 0 END`,
  }
}
