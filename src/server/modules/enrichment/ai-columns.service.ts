import type { AiField, AiRunStarted, CreateAiFieldInput } from '#common/schemas/enrichment'
import { AppError } from '#server/platform/app-error'
import { createAiField } from './ai-fields.service.ts'
import { startRun } from './enrichment-runs.service.ts'

/** Which rows a new column runs over at once, and within what budget; none: not now. */
export type FirstRun = { scope: 'all' | 'empty'; budget?: number }

export type CreatedAiColumn = {
  field: AiField
  /** The run started with the column, if one was asked for and it could start. */
  run: AiRunStarted | null
  /** Why the run asked for did not start (the column exists either way). */
  runError: AppError | null
}

/**
 * The one way an AI column is made, for every door (REST, MCP, Magic Chat's judgment): the
 * column and its 'Run on new rows' settings in one transaction (`createAiField`, behind the
 * payment gate), then its first run when asked (`startRun`, behind the same gate and the balance).
 */
export async function createAiColumn({ userId, uploadId, firstRun, ...column }: { userId: string; uploadId: string; firstRun?: FirstRun } & CreateAiFieldInput): Promise<CreatedAiColumn> {
  const field = await createAiField({ userId, uploadId, ...column })
  if (!firstRun) return { field, run: null, runError: null }
  try {
    const run = await startRun({ userId, uploadId, fieldId: field.id, scope: firstRun.scope, budget: firstRun.budget })
    return { field: run.field, run, runError: null }
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return { field, run: null, runError: error }
  }
}
