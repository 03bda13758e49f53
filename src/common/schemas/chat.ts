import { z } from 'zod'
import { AI, CHAT } from '../constants.ts'
import { CHAT_MESSAGES } from '../messages.ts'
import { conditionSchema, planSchema, type AggregateResult, type Condition, type Plan, type PlanDuplicates } from './plans.ts'

/** Magic Chat (001 §3, §4, §5; issue 22). */

export const askChatSchema = z.object({
  query: z.string().trim().min(1, CHAT_MESSAGES.emptyQuery).max(CHAT.maxQueryLength),
  /** 'search': the AI search panel above the grid (the same engine; the web applies the answer as the AI filter). */
  source: z.enum(['chat', 'search']).default('chat'),
})
export type AskChatInput = z.input<typeof askChatSchema>

/** What the model answers with: a plan, or an AI column for a question that needs judgment per row. */
export const judgmentOutputKinds = ['boolean', 'text', 'number'] as const
export const judgmentProposalSchema = z.object({
  columnName: z.string().trim().min(1).max(AI.maxNameLength),
  prompt: z.string().trim().min(1).max(2000),
  outputType: z.enum(judgmentOutputKinds),
  /** The condition on the new column that answers the question, e.g. { column, op: 'equals', value: 'true' }. */
  where: conditionSchema,
})
export type JudgmentProposal = z.infer<typeof judgmentProposalSchema>

export const chatModelAnswerSchema = z.object({
  kind: z.enum(['plan', 'judgment']),
  plan: planSchema.optional(),
  judgment: judgmentProposalSchema.optional(),
  /** How the question was read, in a sentence or two (no figures: those are computed). */
  reasoning: z.string().max(2000),
  confidence: z.number().min(0).max(1),
})
export type ChatModelAnswer = z.infer<typeof chatModelAnswerSchema>

export const chatSummarySchema = z.object({ summary: z.string().min(1).max(1000) })

export type MatchingLead = { rowIndex: number; label: string; fields: Array<{ name: string; value: string }> }
export type ReasoningStep = { step: number; description: string; result: number }

/** The spec's chat result (001 §3), with the plan that computed it. */
export type ChatResult = {
  id: string
  query: string
  result_type: 'lead_identification' | 'aggregate' | 'judgment_proposal'
  method: 'plan' | 'plan_merge' | 'judgment_column'
  timestamp: string
  plan: Plan | null
  /** An answer re-run with edited conditions: the question first asked (its `query` says what it now computes). */
  edited_from?: string | null
  data: {
    count: number
    total_rows: number
    summary: string
    matching_leads: MatchingLead[]
    filter_criteria: string[]
    reasoning: string
    reasoning_chain: ReasoningStep[]
    confidence: number
    /** Row indexes; up to CHAT_PLAN.maxRowIndexes in an answer, the first 1,000 in a stored one (the plan gives them all). */
    all_matching_row_ids: number[]
    aggregate: AggregateResult | null
    /** The counted rows that repeat others (absent from answers stored before it was counted). */
    duplicates?: PlanDuplicates
    /** A top-N answer: its N rows (`count` is N) of the `matching` rows, in this order. Absent in answers stored before issue 30. */
    top?: { n: number; column: string | null; direction: 'asc' | 'desc'; matching: number } | null
  }
  /** For a question that needs judgment per row: the AI column proposed, and once made, its id. */
  judgment: (JudgmentProposal & {
    rows: number
    /** Distinct inputs among the rows: the model calls the run makes and charges (absent in answers stored before issue 30). */
    calls?: number
    estimatedCredits: number
    fieldId: string | null
    answered: boolean
  }) | null
}

export type ChatMessage = {
  id: string
  type: 'user' | 'ai'
  content: string
  timestamp: string
  result: ChatResult | null
  /** An AI message that reports a failure ('Sorry, I encountered an error: ...'). */
  isError: boolean
}

export type ChatThread = { messages: ChatMessage[] }

/** The answer to a question: the two new messages, and the balance after the charge (null with the user's own key). */
export type AskChatResponse = { question: ChatMessage; answer: ChatMessage; remainingCredits: number | null }

/** Re-running an answer's plan with edited conditions: free, exact, no model. */
export const answerFromPlanSchema = z.object({ query: z.string().trim().min(1).max(CHAT.maxQueryLength), plan: planSchema })
export type AnswerFromPlanInput = z.infer<typeof answerFromPlanSchema>

export type { Condition }
