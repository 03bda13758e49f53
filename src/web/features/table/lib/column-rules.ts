import type { UploadColumn } from '#common/schemas/uploads'

/** Columns as the grid shows them: by position, hidden ones left out. */
export function visibleColumns(columns: UploadColumn[]): UploadColumn[] {
  return sortedColumns(columns).filter((column) => !column.hidden)
}

export function sortedColumns(columns: UploadColumn[]): UploadColumn[] {
  return [...columns].sort((a, b) => a.position - b.position)
}

/** Source and added columns hold the user's data; AI columns are written by enrichment. */
export function isEditableColumn(column: Pick<UploadColumn, 'kind'>): boolean {
  return column.kind === 'source' || column.kind === 'manual'
}

export type ColumnNameCheck = { ok: true; name: string } | { ok: false; reason: 'empty' | 'unchanged' | 'ai_conflict'; name: string }

/**
 * 001 §5: a new or renamed column needs a non-empty trimmed name, different from the old one, that
 * is not the name of an AI field ('Name conflict').
 */
export function checkColumnName(input: string, columns: Pick<UploadColumn, 'key' | 'name' | 'kind'>[], currentKey?: string): ColumnNameCheck {
  const name = input.trim()
  if (name === '') return { ok: false, reason: 'empty', name }
  const current = columns.find((column) => column.key === currentKey)
  if (current && current.name === name) return { ok: false, reason: 'unchanged', name }
  const lower = name.toLowerCase()
  const conflict = columns.some((column) => column.kind === 'ai' && column.key !== currentKey && column.name.toLowerCase() === lower)
  if (conflict) return { ok: false, reason: 'ai_conflict', name }
  return { ok: true, name }
}

/**
 * The full key order after dragging `moved` onto `target` (hidden columns keep their places
 * relative to the rest), or null when nothing moves.
 */
export function moveColumnKey(keys: string[], moved: string, target: string): string[] | null {
  const from = keys.indexOf(moved)
  const to = keys.indexOf(target)
  if (from < 0 || to < 0 || from === to) return null
  const next = [...keys]
  next.splice(from, 1)
  next.splice(to, 0, moved)
  return next
}

/** Applies a key order to the columns' positions, for an optimistic update. */
export function withOrder(columns: UploadColumn[], keys: string[]): UploadColumn[] {
  const position = new Map(keys.map((key, index) => [key, index]))
  return columns.map((column) => ({ ...column, position: position.get(column.key) ?? column.position }))
}
