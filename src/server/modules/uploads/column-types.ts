import { eq } from 'drizzle-orm'
import { IMPORT_WARNINGS } from '#common/messages'
import type { ColumnType, DateOrder, DateOrderBasis } from '#common/schemas/uploads'
import { db } from '#server/db/client'
import { uploadColumns } from '#server/db/schema/index'
import { dateOrderEvidence } from '#server/modules/row-storage/date-evidence'
import { firstRowValues } from '#server/modules/row-storage/row-reader'
import { updateColumn } from '#server/modules/row-storage/column-store'
import { decideDateOrder, hasEuropeanSigns } from './lib/date-order.ts'
import { inferColumnTypes } from './lib/infer-column-types.ts'

/** Rows sampled to guess column types. */
const TYPE_SAMPLE_ROWS = 1000

/**
 * Types the imported columns from a sample of rows, then decides each date column's day/month
 * order from all its rows (one scan). A column whose dates contradict each other stays text; the
 * returned warnings say why, for the quality report.
 */
export async function setColumnTypes(
  uploadId: string,
  { delimiter, localeDateOrder }: { delimiter: string | null; localeDateOrder: DateOrder | undefined },
): Promise<string[]> {
  const rows = await firstRowValues(uploadId, TYPE_SAMPLE_ROWS)
  const columns = await db.select({ key: uploadColumns.key, name: uploadColumns.name }).from(uploadColumns).where(eq(uploadColumns.uploadId, uploadId))
  const types = inferColumnTypes(
    columns.map((column) => column.key),
    rows,
  )
  const dateKeys = [...types].filter(([, type]) => type === 'date').map(([key]) => key)
  const evidence = await dateOrderEvidence(uploadId, dateKeys)
  const signs = { isEuropean: hasEuropeanSigns(delimiter, rows), localeOrder: localeDateOrder }
  const warnings: string[] = []
  for (const [key, type] of types) {
    if (type === 'text') continue
    let change: { type: ColumnType; dateOrder?: DateOrder; dateOrderBasis?: DateOrderBasis } = { type }
    const found = evidence.get(key)
    const decision = found ? decideDateOrder(found, signs) : { kind: 'none' as const }
    if (decision.kind === 'mixed') {
      const name = columns.find((column) => column.key === key)?.name ?? key
      warnings.push(IMPORT_WARNINGS.mixedDateOrders(name, decision.dayFirstExample, decision.monthFirstExample))
      continue
    }
    if (decision.kind === 'order') change = { type, dateOrder: decision.order, dateOrderBasis: decision.basis }
    await updateColumn(uploadId, key, change)
  }
  return warnings
}
