import type { AiCellStatus, AiCellValue, AiTokenUsage } from '#common/schemas/enrichment'
import type { AiFieldRow } from '#server/db/schema/index'
import type { CellStep } from '#common/schemas/sources'

/** What a claimed cell is, and every way it can end: shared by the claims, the payment and the writes. */

export type ReusedAnswer = { value: AiCellValue; reasoning: string | null; confidence: number | null; sources: string[] }

/** A cell this job claimed, with its row's values and an earlier answer for the same inputs, if any. */
export type ClaimedCell = {
  rowIndex: number
  chargeSeq: number
  claimToken: number
  data: Record<string, string>
  inputHash: string
  reused: ReusedAnswer | null
  /** Queued by an auto-run ('Run on new rows'): paid within the column's monthly cap. */
  auto: boolean
}

export type Outcome = {
  rowIndex: number
  claimToken: number
  chargeSeq: number
  status: Extract<AiCellStatus, 'done' | 'error' | 'no_credits' | 'cancelled'>
  value: AiCellValue
  error: string | null
  reasoning: string | null
  confidence: number | null
  sources: string[]
  /** The steps the value came through (an HTTP request's status and masked URL); null for a prompt. */
  steps: CellStep[] | null
  tokens: AiTokenUsage
  credits: number
  latencyMs: number
  attempts: number
  reused: boolean
  inputHash: string
  /** Paid in the ledger and to be refunded when the cell did not end done. */
  charged: boolean
  /** Queued by an auto-run: a refund goes back to the monthly cap, not the run's budget. */
  auto: boolean
}

export const chargeKey = (fieldId: string, rowIndex: number, chargeSeq: number) => `ai:${fieldId}:${rowIndex}:${chargeSeq}`

/** A run's ledger reference: the field and its run number. */
export const runReference = (field: Pick<AiFieldRow, 'id' | 'runSeq'>) => `${field.id}:${field.runSeq}`

const NO_TOKENS: AiTokenUsage = { input: 0, output: 0, cached: null }

/**
 * A cell's outcome: what is given, and otherwise no value, no call, no charge. Every way a cell
 * ends (answered, reused, failed, refused) is built here.
 */
export function outcomeOf(cell: ClaimedCell, given: Pick<Outcome, 'status'> & Partial<Outcome>): Outcome {
  return {
    rowIndex: cell.rowIndex,
    claimToken: cell.claimToken,
    chargeSeq: cell.chargeSeq,
    value: null,
    error: null,
    reasoning: null,
    confidence: null,
    sources: [],
    steps: null,
    tokens: NO_TOKENS,
    credits: 0,
    latencyMs: 0,
    attempts: 0,
    reused: false,
    inputHash: cell.inputHash,
    charged: false,
    auto: cell.auto,
    ...given,
  }
}

/** How JSON text can start: any other string is a plain text answer, which JSON.parse would only throw on. */
const JSON_START = /^\s*(?:[{["\d-]|true|false|null)/

export function parseJsonb<T>(value: T | string): T {
  // A thrown SyntaxError per text cell was a measurable share of a busy worker's CPU.
  if (typeof value !== 'string' || !JSON_START.test(value)) return value as T
  try {
    return JSON.parse(value) as T
  } catch {
    return value as T
  }
}
