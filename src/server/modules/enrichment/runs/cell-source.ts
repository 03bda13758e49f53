import type { AiCellValue, AiTokenUsage } from '#common/schemas/enrichment'
import type { CellStep } from '#common/schemas/sources'
import type { ClaimedCell } from './outcomes.ts'

/**
 * Where a field's values come from, as the run engine sees it (ARCHITECTURE "Sources"): an AI
 * prompt (ai-source.ts) or an HTTP request per row (http-source.ts). One engine for every kind:
 * claims, payment, leases, writes and events do not know which one answers.
 */
export type SourceAnswer =
  | {
      ok: true
      value: AiCellValue
      reasoning: string | null
      confidence: number | null
      sources: string[]
      tokens: AiTokenUsage
      latencyMs: number
      calls: number
      steps: CellStep[] | null
    }
  | { ok: false; error: string; tokens: AiTokenUsage; calls: number; steps: CellStep[] | null }

export interface CellSource {
  /** Recorded on each cell and the run: the AI provider, or 'http'. */
  readonly provider: string
  /** The model, or the host an HTTP column calls. */
  readonly model: string
  /** The user's own provider key pays the calls (nothing charged). */
  readonly ownKey: boolean
  /** Credits a cell's call costs (0: nothing charged, the payment gate still asked). */
  readonly perCell: number
  /** The ledger's name for the charge. */
  readonly operation: 'ai_enrichment_basic' | 'ai_enrichment_advanced' | 'http_source_call'
  /** Calls in flight at once for this field's job. */
  readonly concurrency: number
  /** The row values a cell's call reads (their hash names a distinct request). */
  readonly inputKeys: readonly string[]
  /** One cell's call; identical inputs in flight share one call (the engine sees to it). */
  call(cell: ClaimedCell): Promise<SourceAnswer>
}

export const NO_TOKENS: AiTokenUsage = { input: 0, output: 0, cached: null }
