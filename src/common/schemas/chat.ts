import { z } from 'zod'
import { AI, CHAT } from '../constants.ts'
import { CHAT_MESSAGES } from '../messages.ts'
import { aggregateResultSchema, conditionSchema, planDuplicatesSchema, planSchema, type Condition } from './plans.ts'

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

export const matchingLeadSchema = z.object({
  rowIndex: z.number().int(),
  label: z.string(),
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
})
export type MatchingLead = z.infer<typeof matchingLeadSchema>
export const reasoningStepSchema = z.object({ step: z.number().int(), description: z.string(), result: z.number() })
export type ReasoningStep = z.infer<typeof reasoningStepSchema>

/** The spec's chat result (001 §3), with the plan that computed it. */
export const chatResultSchema = z.object({
  id: z.string(),
  query: z.string(),
  result_type: z.enum(['lead_identification', 'aggregate', 'judgment_proposal']),
  method: z.enum(['plan', 'plan_merge', 'judgment_column']),
  timestamp: z.string(),
  plan: planSchema.nullable(),
  /** An answer re-run with edited conditions: the question first asked (its `query` says what it now computes). */
  edited_from: z.string().nullable().optional(),
  data: z.object({
    count: z.number().int(),
    total_rows: z.number().int(),
    summary: z.string(),
    matching_leads: z.array(matchingLeadSchema),
    filter_criteria: z.array(z.string()),
    reasoning: z.string(),
    reasoning_chain: z.array(reasoningStepSchema),
    confidence: z.number(),
    /** Row indexes; up to CHAT_PLAN.maxRowIndexes in an answer, the first 1,000 in a stored one (the plan gives them all). */
    all_matching_row_ids: z.array(z.number().int()),
    aggregate: aggregateResultSchema.nullable(),
    /** The counted rows that repeat others (absent from answers stored before it was counted). */
    duplicates: planDuplicatesSchema.optional(),
    /**
     * Formulas the answer computes that the conversation needs again (read twice by its plan, or
     * also by the previous answer's): the answer offers to save each as a formula column.
     * Absent in answers stored before issue 32.
     */
    formula_suggestions: z.array(z.string()).optional(),
    /** A top-N answer: its N rows (`count` is N) of the `matching` rows, in this order. Absent in answers stored before issue 30. */
    top: z
      .object({ n: z.number().int(), column: z.string().nullable(), direction: z.enum(['asc', 'desc']), matching: z.number().int() })
      .nullable()
      .optional(),
  }),
  /** For a question that needs judgment per row: the AI column proposed, and once made, its id. */
  judgment: judgmentProposalSchema
    .extend({
      rows: z.number().int(),
      /** Distinct inputs among the rows: the model calls the run makes and charges (absent in answers stored before issue 30). */
      calls: z.number().int().optional(),
      estimatedCredits: z.number(),
      fieldId: z.string().nullable(),
      answered: z.boolean(),
    })
    .nullable(),
})
export type ChatResult = z.infer<typeof chatResultSchema>

export const chatMessageSchema = z.object({
  id: z.string(),
  type: z.enum(['user', 'ai']),
  content: z.string(),
  timestamp: z.string(),
  result: chatResultSchema.nullable(),
  /** An AI message that reports a failure ('Sorry, I encountered an error: ...'). */
  isError: z.boolean(),
})
export type ChatMessage = z.infer<typeof chatMessageSchema>

export const chatThreadSchema = z.object({ messages: z.array(chatMessageSchema) })
export type ChatThread = z.infer<typeof chatThreadSchema>

/** The answer to a question: the two new messages, and the balance after the charge (null with the user's own key). */
export const askChatResponseSchema = z.object({ question: chatMessageSchema, answer: chatMessageSchema, remainingCredits: z.number().nullable() })
export type AskChatResponse = z.infer<typeof askChatResponseSchema>

/** DELETE /chat: the conversation is gone. */
export const chatClearedSchema = z.object({ cleared: z.literal(true) })

/** Re-running an answer's plan with edited conditions: free, exact, no model. */
export const answerFromPlanSchema = z.object({ query: z.string().trim().min(1).max(CHAT.maxQueryLength), plan: planSchema })
export type AnswerFromPlanInput = z.infer<typeof answerFromPlanSchema>

export type { Condition }
