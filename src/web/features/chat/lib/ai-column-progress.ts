import type { AiFieldStatus } from '#common/schemas/enrichment'

/** What the chat needs to know of an AI column it proposed; the route reads it from the AI columns feature. */
export type AiColumnProgress = { status: AiFieldStatus; processedRows: number; totalRows: number }

export type AiColumnWatch = {
  progressOf: (fieldId: string) => AiColumnProgress | null
  /** Reads the AI columns again (a column was just made). */
  refresh: () => void
}

export const progressPercent = (progress: AiColumnProgress | null) =>
  progress && progress.totalRows > 0 ? Math.min(100, Math.round((progress.processedRows / progress.totalRows) * 100)) : 0
