import { AI_FIELD_MESSAGES } from '#common/messages'
import type { AiJsonField, AiOutputType } from '#common/schemas/enrichment'
import type { AiFieldRow } from '#server/db/schema/index'
import { AppError } from '#server/platform/app-error'

/**
 * Several values from one call (issue 43, decision 033): the further columns a field fills from
 * one answer. An HTTP request's further paths, or an AI column's JSON fields made with
 * `fieldsAsColumns` (each field its own typed column; the field's own column keeps the whole
 * answer). They are deleted with the field, never alone.
 */
export type FieldColumn = { columnKey: string; pick: (value: Record<string, unknown>) => unknown; type: AiJsonField['type'] }

export function fieldColumnsOf(field: Pick<AiFieldRow, 'source' | 'outputType'>): FieldColumn[] {
  if (field.source?.kind === 'http') {
    const outputs = field.source.outputs
    return outputs.length > 1 ? outputs.map((o) => ({ columnKey: o.columnKey, pick: (v) => v[o.columnKey], type: 'text' })) : []
  }
  const output = field.outputType
  if (field.source || output.kind !== 'json' || !output.columns) return []
  const types = new Map(output.fields.map((f) => [f.name, f.type]))
  return output.columns.map((c) => ({ columnKey: c.columnKey, pick: (v) => v[c.field], type: types.get(c.field) ?? 'text' }))
}

/** The columns deleted with the field besides its own. */
export function extraColumnKeysOf(field: Pick<AiFieldRow, 'source' | 'outputType' | 'columnKey'>): string[] {
  return fieldColumnsOf(field)
    .map((c) => c.columnKey)
    .filter((key) => key !== field.columnKey)
}

/** An output as a request may give it: the `columns` a client sends are the server's to set. */
export function withoutFieldColumns(output: AiOutputType): AiOutputType {
  if (output.kind !== 'json' || !output.columns) return output
  const { columns: _columns, ...rest } = output
  return rest
}

/**
 * An edit of a field's output: a field whose JSON fields have columns keeps them, so the edit may
 * change the prompt's descriptions but not which fields there are or their types.
 */
export function editedOutputOrThrow(stored: AiOutputType, next: AiOutputType): AiOutputType {
  if (stored.kind !== 'json' || !stored.columns) return withoutFieldColumns(next)
  const isSameFields =
    next.kind === 'json' && next.fields.length === stored.fields.length && next.fields.every((f, i) => f.name === stored.fields[i]!.name && f.type === stored.fields[i]!.type)
  if (!isSameFields) throw new AppError('VALIDATION_FAILED', AI_FIELD_MESSAGES.fieldColumnsFixed)
  return { ...next, columns: stored.columns }
}
