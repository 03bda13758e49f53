import { randomUUID } from 'node:crypto'
import { CHAT, CREDIT_COSTS } from '#common/constants'
import { CHAT_MESSAGES, REQUEST_MESSAGES } from '#common/messages'
import {
  chatModelAnswerSchema,
  chatSummarySchema,
  type AskChatInput,
  type AskChatResponse,
  type ChatModelAnswer,
  type ChatResult,
} from '#common/schemas/chat'
import { describePlan } from '#common/plan-text'
import type { Plan, PlanResult } from '#common/schemas/plans'
import { env } from '#server/env'
import { AppError } from '#server/platform/app-error'
import { logger } from '#server/platform/logger'
import { takeRateLimitOrThrow } from '#server/platform/rate-limit'
import { resolveAiCredentials, type AiCredentials } from '#server/modules/ai/ai-credentials'
import { takeAiQuestionOrThrow } from '#server/modules/ai/ai-question-limit'
import { askForObject } from '#server/modules/ai/ask-for-object'
import { consumeCreditsOrThrow, refundCredits } from '#server/modules/billing/credits.service'
import { assertChatAccessOrThrow } from '#server/modules/billing/subscriptions.service'
import { runPlan, runPlanWithColumns, type PlanShown } from '#server/modules/row-storage/plan-runner'
import { storedColumnsOf } from '#server/modules/row-storage/row-reader'
import { savedFormulasOf } from '#server/modules/columns/formula-columns'
import type { ViewColumn } from '#server/modules/row-storage/view-sql'
import { profileTable, type TableProfile } from '#server/modules/row-storage/table-profile'
import { getReadableUploadOrThrow } from '#server/modules/uploads/uploads.service'
import { addMessage, getAnswerOrThrow, openConversation } from './conversation.ts'
import { proposeJudgment } from './judgment.ts'
import { buildResult, figuresOf, leadsOf } from './lib/chat-result.ts'
import { PLAN_SYSTEM_PROMPT, planUserMessage, SUMMARY_SYSTEM_PROMPT, summaryUserMessage, type ComputedFigures } from './lib/chat-prompts.ts'
import { isFollowUp } from './lib/follow-up.ts'
import { repeatedFormulas } from './lib/formula-reuse.ts'
import { isFaithfulSummary, templateSummary } from './lib/summary.ts'

/**
 * Magic Chat (issue 22): a question becomes a plan (the model's only job), the plan is computed
 * over every row by row storage, and the summary states the computed figures only. A question
 * that needs a judgment per row becomes a proposed AI column instead of a guess.
 */

type Upload = Awaited<ReturnType<typeof getReadableUploadOrThrow>>

/** The per-user limit of plan runs, each of which reads every row of a file. */
async function takePlanRunOrThrow(userId: string) {
  const limit = env.PLAN_RUNS_PER_MINUTE
  await takeRateLimitOrThrow({ key: `plan_runs:${userId}`, limit, message: (seconds) => REQUEST_MESSAGES.planRunsLimited(limit, seconds) })
}

/** `POST /chat/plan` and the MCP `run_plan`: a plan run as it is, with no model and no credits; `shown` caps the rows and indexes carried (the REST answer's caps by default). */
export async function runPlanForUser({ userId, uploadId, plan, shown }: { userId: string; uploadId: string; plan: Plan; shown?: PlanShown }): Promise<PlanResult> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  await takePlanRunOrThrow(userId)
  return runPlan({ source: upload, plan, shown })
}

/** The model's summary when it states only computed figures; the template otherwise. */
async function summaryOf(credentials: AiCredentials, figures: ComputedFigures): Promise<string> {
  const fallback = templateSummary(figures)
  const answer = await askForObject({
    credentials,
    system: SUMMARY_SYSTEM_PROMPT,
    user: summaryUserMessage(figures),
    schema: chatSummarySchema,
    name: 'chat_summary',
  })
  if (!answer.ok) return fallback
  if (!isFaithfulSummary(answer.value.summary, figures)) {
    logger.info({ event: 'chat.summary_replaced', reason: 'number not computed by the plan' })
    return fallback
  }
  return answer.value.summary
}

type Planned =
  | { kind: 'plan'; plan: Plan; computed: PlanResult; columns: ViewColumn[]; columnNames: string[]; answer: ChatModelAnswer }
  | { kind: 'judgment'; proposal: ChatResult }

/**
 * Asks the model for a plan and runs it. A plan that names an unknown column (or a judgment
 * prompt that does) is sent back once with the error, as a wrong format is.
 */
async function planQuestion(
  upload: Upload,
  credentials: AiCredentials,
  question: string,
  table: { columns: ViewColumn[]; profile: TableProfile },
  previous: { question: string; plan: Plan } | null,
): Promise<Planned | { kind: 'failed'; error: string }> {
  let correction: string | undefined
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const user = planUserMessage({ question, profile: table.profile, previous, correction })
    const answer = await askForObject({ credentials, system: PLAN_SYSTEM_PROMPT, user, schema: chatModelAnswerSchema, name: 'chat_plan' })
    if (!answer.ok) return { kind: 'failed', error: answer.error }
    try {
      if (answer.value.kind === 'judgment') {
        if (!answer.value.judgment) throw new AppError('VALIDATION_FAILED', 'A judgment answer needs its "judgment" column.')
        // Its prompt may name only the file's columns (the AI columns' own check, sent back once as a plan's is).
        const proposal = await proposeJudgment({ uploadId: upload.id, ownKey: credentials.ownKey, query: question, judgment: answer.value.judgment, answer: answer.value })
        return { kind: 'judgment', proposal }
      }
      const plan = answer.value.plan ?? {}
      return { kind: 'plan', plan, columns: table.columns, ...(await runPlanWithColumns({ source: upload, plan, columns: table.columns })), answer: answer.value }
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED' || attempt === 2) {
        if (error instanceof AppError && error.code === 'VALIDATION_FAILED') return { kind: 'failed', error: error.message }
        throw error
      }
      correction = error.message
    }
  }
  return { kind: 'failed', error: CHAT_MESSAGES.modelFailed }
}

/** A follow-up adds its rows to the previous answer's: the union, counted exactly (overlapping rows once). */
function mergedPlan(previous: Plan, next: Plan): Plan {
  if (!previous.where || !next.where) return next
  return { where: { any: [previous.where, next.where] }, ...(next.sort ? { sort: next.sort } : {}), ...(next.limit ? { limit: next.limit } : {}) }
}

export async function askChat({ userId, uploadId, query }: { userId: string; uploadId: string } & AskChatInput): Promise<AskChatResponse> {
  await assertChatAccessOrThrow({ userId })
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const credentials = await resolveAiCredentials({ userId, webSearch: false })
  await takeAiQuestionOrThrow(userId)
  const idempotencyKey = `chat_query:${randomUUID()}`
  const charged = !credentials.ownKey
  let remaining: number | null = null
  if (charged) {
    remaining = (await consumeCreditsOrThrow({ userId, operation: 'chat_query', amount: CREDIT_COSTS.chatQuery, idempotencyKey, reference: upload.id })).remaining_credits
  }
  try {
    return await answerQuestion({ upload, credentials, query, remaining })
  } catch (error) {
    // Whatever fails after the charge (the model, our code, the database) gives the credits back.
    const refunded = charged ? await refundChatQuestion(userId, idempotencyKey, upload.id) : remaining
    if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') {
      throw new AppError(error.code, error.message, { ...(error.details as object), remaining_credits: refunded })
    }
    logger.error({ event: 'chat.answer_failed', uploadId: upload.id, err: error })
    throw new AppError('INTERNAL', CHAT_MESSAGES.failedOnOurSide(charged), { title: CHAT_MESSAGES.errorTitle, remaining_credits: refunded })
  }
}

/** The refund of a failed question; the balance after it, or null if even the refund failed (logged with its key). */
async function refundChatQuestion(userId: string, idempotencyKey: string, uploadId: string): Promise<number | null> {
  try {
    return (await refundCredits({ userId, idempotencyKey, reason: 'chat_query_failed' })).balance
  } catch (error) {
    logger.error({ event: 'chat.refund_failed', uploadId, idempotencyKey, err: error })
    return null
  }
}

/** A question's conversation work after its charge: every failure is thrown, for `askChat` to refund. */
async function answerQuestion({
  upload,
  credentials,
  query,
  remaining,
}: {
  upload: Upload
  credentials: AiCredentials
  query: string
  remaining: number | null
}): Promise<AskChatResponse> {
  const { threadId, previous } = await openConversation(upload.userId, upload.id)
  const followsUp = previous !== null && isFollowUp(query)

  let planned: Awaited<ReturnType<typeof planQuestion>>
  try {
    // The columns are read once: the profile shows them to the model, and its plans are resolved against them.
    const columns = await storedColumnsOf(upload.id)
    const table = { columns, profile: await profileTable(upload, columns) }
    planned = await planQuestion(upload, credentials, query, table, previous?.plan ? { question: previous.query, plan: previous.plan } : null)
  } catch (error) {
    planned = { kind: 'failed', error: CHAT_MESSAGES.modelFailed }
    logger.error({ event: 'chat.plan_failed', uploadId: upload.id, err: error })
  }

  const question = await addMessage(threadId, 'user', query, null)
  // A failure the user can act on stays in the conversation as the AI's error reply.
  const fail = async (message: string): Promise<never> => {
    await addMessage(threadId, 'ai', CHAT_MESSAGES.errorReply(message), null)
    throw new AppError('SERVICE_UNAVAILABLE', message, { title: CHAT_MESSAGES.errorTitle })
  }
  if (planned.kind === 'failed') return fail(planned.error)

  let result: ChatResult
  try {
    result = await composeResult({ upload, credentials, query, planned, previous: followsUp ? previous : null })
    const reused = planned.kind === 'plan' ? repeatedFormulas(planned.plan, previous?.plan ?? null, await savedFormulasOf(upload.id)) : []
    if (reused.length > 0) result = { ...result, data: { ...result.data, formula_suggestions: reused } }
  } catch (error) {
    // The earlier answer of a follow-up names a column deleted since: the union cannot be computed.
    if (followsUp && error instanceof AppError && error.code === 'VALIDATION_FAILED') return fail(CHAT_MESSAGES.followUpFailed(error.message))
    logger.error({ event: 'chat.answer_failed', uploadId: upload.id, err: error })
    return fail(CHAT_MESSAGES.modelFailed)
  }
  const answer = await addMessage(threadId, 'ai', result.data.summary, result)
  logger.info({ event: 'chat.answered', uploadId: upload.id, method: result.method, count: result.data.count })
  return { question, answer, remainingCredits: remaining }
}

/** The answer to a planned question: computed, summarised, merged into the previous one for a follow-up. */
async function composeResult({
  upload,
  credentials,
  query,
  planned,
  previous,
}: {
  upload: Upload
  credentials: AiCredentials
  query: string
  planned: Exclude<Planned, { kind: 'failed' }>
  previous: ChatResult | null
}): Promise<ChatResult> {
  if (planned.kind === 'judgment') return planned.proposal
  const { columnNames } = planned
  if (previous?.plan) {
    const plan = mergedPlan(previous.plan, planned.plan)
    const { computed } = await runPlanWithColumns({ source: upload, plan, columns: planned.columns })
    // 001 §5: queries joined with '+', summaries, leads and criteria concatenated. The count is
    // the union's, computed: the counts added, with a row in both answers counted once.
    const summary = await summaryOf(credentials, figuresOf(query, planned.plan, planned.computed))
    const merged = buildResult({
      query: `${previous.query} + ${query}`,
      plan,
      computed,
      columnNames,
      summary: `${previous.data.summary} ${summary}`,
      reasoning: planned.answer.reasoning,
      confidence: planned.answer.confidence,
      method: 'plan_merge',
    })
    const leads = [...previous.data.matching_leads, ...leadsOf(planned.computed, columnNames)]
    const uniqueLeads = leads.filter((lead, i) => leads.findIndex((other) => other.rowIndex === lead.rowIndex) === i)
    return {
      ...merged,
      data: {
        ...merged.data,
        filter_criteria: [...previous.data.filter_criteria, ...planned.computed.criteria],
        matching_leads: uniqueLeads.slice(0, CHAT.maxSampleLeads),
      },
    }
  }
  const summary = await summaryOf(credentials, figuresOf(query, planned.plan, planned.computed))
  return buildResult({ query, plan: planned.plan, computed: planned.computed, columnNames, summary, reasoning: planned.answer.reasoning, confidence: planned.answer.confidence, method: 'plan' })
}

/**
 * An answer re-run with edited conditions (the chips): exact, with no model call and no credits.
 * The edit joins the conversation as a new question and answer (issue 30 §3): the earlier answer
 * stays as it was, and the new one is titled by what it now computes, not by the question the
 * edited conditions no longer answer.
 */
export async function rerunAnswer({ userId, uploadId, messageId, plan }: { userId: string; uploadId: string; messageId: string; plan: Plan }): Promise<AskChatResponse> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const { row, result } = await getAnswerOrThrow(userId, upload.id, messageId)
  if (result.result_type === 'judgment_proposal') throw new AppError('CONFLICT', CHAT_MESSAGES.judgmentNotEditable)
  await takePlanRunOrThrow(userId)
  const { computed, columnNames } = await runPlanWithColumns({ source: upload, plan, columns: await storedColumnsOf(upload.id) })
  const query = describePlan(plan)
  const original = result.edited_from ?? result.query
  const summary = templateSummary(figuresOf(query, plan, computed))
  const next = buildResult({ query, plan, computed, columnNames, summary, reasoning: CHAT_MESSAGES.editedReasoning(original), confidence: result.data.confidence, method: result.method })
  const question = await addMessage(row.threadId, 'user', CHAT_MESSAGES.editedQuestion(query), null)
  const answer = await addMessage(row.threadId, 'ai', summary, { ...next, edited_from: original })
  return { question, answer, remainingCredits: null }
}
