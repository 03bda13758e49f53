import type { AiCellValue, AiTokenUsage } from '#common/schemas/enrichment'
import type { CellStep } from '#common/schemas/sources'
import type { ClaimedCell } from './outcomes.ts'

/**
 * Where a field's values come from, as the run engine sees it (ARCHITECTURE "Sources"): an AI
 * prompt (ai-source.ts), an HTTP request per row (http-source.ts), or a waterfall of steps
 * (waterfall-source.ts). One engine for every kind:
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
      /** What the source charged itself (a waterfall pays each step it calls); absent: the engine's `perCell`. */
      credits?: number
    }
  | {
      ok: false
      error: string
      tokens: AiTokenUsage
      calls: number
      steps: CellStep[] | null
      credits?: number
      /** The source could not pay for a call (a waterfall's later step): the run stops as the engine's own payment would stop it. */
      stop?: UnpaidStop
    }

/** Why a payment refused a call: no credits left, the run's budget, the column's monthly cap, or no plan. */
export type UnpaidStop = 'no_credits' | 'budget' | 'cap' | 'blocked'

export interface CellSource {
  /** Recorded on each cell and the run: the AI provider, 'http' or 'waterfall'. */
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
