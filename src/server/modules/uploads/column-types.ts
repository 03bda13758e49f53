import { eq } from 'drizzle-orm'
import { IMPORT_WARNINGS } from '#common/messages'
import type { ColumnType, DateOrder, DateOrderBasis } from '#common/schemas/uploads'
import { db } from '#server/db/client'
import { uploadColumns } from '#server/db/schema/index'
import type { DateEvidence } from '#server/modules/row-storage/row-facts'
import { updateColumn } from '#server/modules/row-storage/column-store'
import { decideDateOrder, hasEuropeanSigns } from './lib/date-order.ts'
import { inferColumnTypes } from './lib/infer-column-types.ts'

/**
 * Types the imported columns from the first rows, then decides each date column's day/month
 * order from the evidence of all its rows, both gathered while the rows streamed through the
 * import (`row-facts.ts`). A column whose dates contradict each other stays text; the returned
 * warnings say why, for the quality report.
 */
export async function setColumnTypes(
  uploadId: string,
  {
    delimiter,
    localeDateOrder,
    firstRows: rows,
    dateEvidence: evidence,
  }: { delimiter: string | null; localeDateOrder: DateOrder | undefined; firstRows: Array<Record<string, string>>; dateEvidence: Map<string, DateEvidence> },
): Promise<string[]> {
  const columns = await db.select({ key: uploadColumns.key, name: uploadColumns.name }).from(uploadColumns).where(eq(uploadColumns.uploadId, uploadId))
  const types = inferColumnTypes(
    columns.map((column) => column.key),
    rows,
  )
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
