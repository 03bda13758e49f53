import { and, asc, count, desc, eq, ne } from 'drizzle-orm'
import { CORRECTIONS } from '#common/constants'
import { AI_FIELD_MESSAGES } from '#common/messages'
import type { AiFieldExample } from '#common/schemas/enrichment'
import { db, type Database } from '#server/db/client'
import { aiFieldExamples, type AiFieldExampleRow } from '#server/db/schema/index'
import { AppError } from '#server/platform/app-error'
import type { PromptColumn } from './lib/render-prompt.ts'
import type { FieldExample } from './lib/example-choice.ts'

/**
 * The one writer of `ai_field_examples` (decision 038): a column's corrected values with the row's
 * inputs then. Written by a correction (corrections.service.ts), read by a run (runs/sources.ts)
 * and listed or removed by the user.
 */

type Executor = Pick<Database, 'select' | 'insert' | 'delete'>

/** The examples a run sends from, oldest row first (the choice per row is example-choice.ts). */
export async function loadFieldExamples(fieldId: string): Promise<FieldExample[]> {
  const rows = await db
    .select({ rowIndex: aiFieldExamples.rowIndex, inputs: aiFieldExamples.inputs, value: aiFieldExamples.value })
    .from(aiFieldExamples)
    .where(eq(aiFieldExamples.fieldId, fieldId))
    .orderBy(asc(aiFieldExamples.rowIndex))
    .limit(CORRECTIONS.maxExamplesPerField)
  return rows
}

/** The row's example, new or replacing its earlier one; refused past the column's cap. */
export async function saveFieldExample(tx: Executor, example: { fieldId: string; userId: string; rowIndex: number; inputs: Record<string, string>; value: string }) {
  const [others] = await tx
    .select({ n: count() })
    .from(aiFieldExamples)
    .where(and(eq(aiFieldExamples.fieldId, example.fieldId), ne(aiFieldExamples.rowIndex, example.rowIndex)))
  if (Number(others?.n ?? 0) >= CORRECTIONS.maxExamplesPerField) {
    throw new AppError('VALIDATION_FAILED', AI_FIELD_MESSAGES.correctionTooMany(CORRECTIONS.maxExamplesPerField))
  }
  await tx
    .insert(aiFieldExamples)
    .values(example)
    .onConflictDoUpdate({ target: [aiFieldExamples.fieldId, aiFieldExamples.rowIndex], set: { inputs: example.inputs, value: example.value, updatedAt: new Date() } })
}

/** The row's example goes (its cell was emptied). */
export async function removeExampleOfRow(tx: Executor, { fieldId, rowIndex }: { fieldId: string; rowIndex: number }) {
  await tx.delete(aiFieldExamples).where(and(eq(aiFieldExamples.fieldId, fieldId), eq(aiFieldExamples.rowIndex, rowIndex)))
}

/** The field's examples for the list, newest first; the field is the user's (checked by the caller). */
export async function readFieldExamples({ fieldId, userId, columns }: { fieldId: string; userId: string; columns: PromptColumn[] }): Promise<AiFieldExample[]> {
  const rows = await db
    .select()
    .from(aiFieldExamples)
    .where(and(eq(aiFieldExamples.fieldId, fieldId), eq(aiFieldExamples.userId, userId)))
    .orderBy(desc(aiFieldExamples.updatedAt), asc(aiFieldExamples.rowIndex))
  return rows.map((row) => toAiFieldExample(row, columns))
}

/** One example removed by its id; false when the field has none with it. */
export async function deleteFieldExample({ fieldId, userId, exampleId }: { fieldId: string; userId: string; exampleId: string }) {
  const removed = await db
    .delete(aiFieldExamples)
    .where(and(eq(aiFieldExamples.id, exampleId), eq(aiFieldExamples.fieldId, fieldId), eq(aiFieldExamples.userId, userId)))
    .returning({ id: aiFieldExamples.id })
  return removed.length > 0
}

/** An example's inputs under the prompt's columns as named now (a column the prompt no longer reads is left out). */
function toAiFieldExample(row: AiFieldExampleRow, columns: PromptColumn[]): AiFieldExample {
  return {
    id: row.id,
    rowIndex: row.rowIndex,
    inputs: columns.filter((c) => c.key in row.inputs).map((c) => ({ column: c.name, value: row.inputs[c.key] ?? '' })),
    value: row.value,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Whether the field has at least one example. */
export async function hasFieldExamples(fieldId: string) {
  const rows = await db.select({ id: aiFieldExamples.id }).from(aiFieldExamples).where(eq(aiFieldExamples.fieldId, fieldId)).limit(1)
  return rows.length > 0
}
