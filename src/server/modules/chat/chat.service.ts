import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { CHAT, CREDIT_COSTS } from '#common/constants'
import { CHAT_MESSAGES } from '#common/messages'
import {
  chatModelAnswerSchema,
  chatSummarySchema,
  type AskChatInput,
  type AskChatResponse,
  type ChatMessage,
  type ChatModelAnswer,
  type ChatResult,
  type ChatThread,
  type JudgmentProposal,
  type MatchingLead,
} from '#common/schemas/chat'
import { describePlan } from '#common/plan-text'
import type { Condition, Plan, PlanResult } from '#common/schemas/plans'
import { db } from '#server/db/client'
import { chatMessages, chatThreads } from '#server/db/schema/index'
import { AppError } from '#server/platform/app-error'
import { logger } from '#server/platform/logger'
import { consumeCreditsOrThrow, refundCredits } from '#server/modules/billing/credits.service'
import { assertChatAccessOrThrow } from '#server/modules/billing/subscriptions.service'
import { createAiField, getAiField, referencedColumnsOrThrow } from '#server/modules/enrichment/ai-fields.service'
import { quoteNewColumnRun, startRun } from '#server/modules/enrichment/enrichment-runs.service'
import { resolveAiCredentials } from '#server/modules/enrichment/providers/ai-credentials'
import { takeAiQuestionOrThrow, takePlanRunOrThrow } from '#server/modules/enrichment/providers/ai-question-limit'
import { runPlan, runPlanWithColumns } from '#server/modules/row-storage/plan-runner'
import { storedColumnsOf } from '#server/modules/row-storage/row-reader'
import { profileTable, type TableProfile } from '#server/modules/row-storage/table-profile'
import { getReadableUploadOrThrow } from '#server/modules/rows/rows.service'
import { askForObject } from './lib/chat-model.ts'
import { PLAN_SYSTEM_PROMPT, planUserMessage, SUMMARY_SYSTEM_PROMPT, summaryUserMessage, type ComputedFigures, type TopRows } from './lib/chat-prompts.ts'
import { isFollowUp } from './lib/follow-up.ts'
import { isFaithfulSummary, templateSummary } from './lib/summary.ts'

/**
 * Magic Chat (issue 22): a question becomes a plan (the model's only job), the plan is computed
 * over every row by row storage, and the summary states the computed figures only. A question
 * that needs a judgment per row becomes a proposed AI column instead of a guess.
 */

type Upload = Awaited<ReturnType<typeof getReadableUploadOrThrow>>
type MessageRow = typeof chatMessages.$inferSelect

/** Row indexes kept in a stored answer; the plan reproduces all of them. */
const STORED_ROW_IDS = 1000

function toMessage(row: MessageRow): ChatMessage {
  const result = (row.result as ChatResult | null) ?? null
  return {
    id: row.id,
    type: row.role,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    result,
    isError: row.role === 'ai' && result === null,
  }
}

async function threadOf(userId: string, uploadId: string): Promise<string> {
  const [existing] = await db
    .select({ id: chatThreads.id })
    .from(chatThreads)
    .where(and(eq(chatThreads.userId, userId), eq(chatThreads.uploadId, uploadId)))
  if (existing) return existing.id
  await db.insert(chatThreads).values({ userId, uploadId }).onConflictDoNothing()
  const [created] = await db
    .select({ id: chatThreads.id })
    .from(chatThreads)
    .where(and(eq(chatThreads.userId, userId), eq(chatThreads.uploadId, uploadId)))
  return created!.id
}

async function addMessage(threadId: string, role: 'user' | 'ai', content: string, result: ChatResult | null): Promise<ChatMessage> {
  const [row] = await db.insert(chatMessages).values({ threadId, role, content, result: result ? storedResult(result) : null }).returning()
  await db.update(chatThreads).set({ updatedAt: new Date() }).where(eq(chatThreads.id, threadId))
  return { ...toMessage(row!), result }
}

function storedResult(result: ChatResult): ChatResult {
  const ids = result.data.all_matching_row_ids
  return ids.length <= STORED_ROW_IDS ? result : { ...result, data: { ...result.data, all_matching_row_ids: ids.slice(0, STORED_ROW_IDS) } }
}

export async function getChat({ userId, uploadId }: { userId: string; uploadId: string }): Promise<ChatThread> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const [thread] = await db
    .select({ id: chatThreads.id })
    .from(chatThreads)
    .where(and(eq(chatThreads.userId, userId), eq(chatThreads.uploadId, upload.id)))
  return { messages: thread ? await messagesOf(thread.id) : [] }
}

async function messagesOf(threadId: string): Promise<ChatMessage[]> {
  const rows = await db.select().from(chatMessages).where(eq(chatMessages.threadId, threadId)).orderBy(asc(chatMessages.createdAt))
  return rows.map(toMessage)
}

export async function clearChat({ userId, uploadId }: { userId: string; uploadId: string }) {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  await db.delete(chatThreads).where(and(eq(chatThreads.userId, userId), eq(chatThreads.uploadId, upload.id)))
  return { cleared: true }
}

/** `POST /chat/plan`: a plan run as it is, with no model and no credits. */
export async function runPlanForUser({ userId, uploadId, plan }: { userId: string; uploadId: string; plan: Plan }): Promise<PlanResult> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  await takePlanRunOrThrow(userId)
  return runPlan({ source: upload, plan })
}

const LABEL_COLUMNS = [/^(full[ _]?)?name$/i, /name/i, /^company$/i, /company|organi[sz]ation|business|account/i]

function leadsOf(result: PlanResult, columnNames: string[], max: number = CHAT.maxSampleLeads): MatchingLead[] {
  const labelColumn = LABEL_COLUMNS.map((pattern) => columnNames.find((name) => pattern.test(name))).find(Boolean)
  return result.rows.slice(0, max).map((row) => {
    const label = labelColumn ? (row.values[labelColumn] ?? '').trim() : ''
    const fields = columnNames
      .filter((name) => (row.values[name] ?? '').trim() !== '')
      .slice(0, CHAT.maxLeadFields)
      .map((name) => ({ name, value: row.values[name]! }))
    return { rowIndex: row.rowIndex, label: label || CHAT_MESSAGES.rowLabel(row.rowIndex + 1), fields }
  })
}

/** A plan with a limit and no aggregate answers with its first N rows (a 'top 5'), when fewer than all that match. */
function topOf(plan: Plan, result: PlanResult): TopRows | null {
  if (!plan.limit || plan.limit >= result.count || (plan.aggregate && plan.aggregate.op !== 'count')) return null
  return { n: plan.limit, column: plan.sort?.column ?? null, direction: plan.sort?.direction ?? 'asc' }
}

function figuresOf(query: string, plan: Plan, result: PlanResult): ComputedFigures {
  return { question: query, count: result.count, totalRows: result.totalRows, criteria: result.criteria, aggregate: result.aggregate, top: topOf(plan, result) }
}

function buildResult({
  query,
  plan,
  computed,
  columnNames,
  summary,
  reasoning,
  confidence,
  method,
}: {
  query: string
  plan: Plan
  computed: PlanResult
  columnNames: string[]
  summary: string
  reasoning: string
  confidence: number
  method: ChatResult['method']
}): ChatResult {
  const isAggregate = computed.aggregate !== null && computed.aggregate.op !== 'count'
  // A top N is its N rows: counted, listed and shown as N (the matching rows are the step before).
  const top = topOf(plan, computed)
  const topStep = top ? [{ step: computed.steps.length + 1, description: CHAT_MESSAGES.topStep(top.n, top.column, top.direction), result: top.n }] : []
  return {
    id: randomUUID(),
    query,
    result_type: isAggregate ? 'aggregate' : 'lead_identification',
    method,
    timestamp: new Date().toISOString(),
    plan,
    data: {
      count: top?.n ?? computed.count,
      total_rows: computed.totalRows,
      summary,
      matching_leads: top ? leadsOf(computed, columnNames, Math.min(top.n, CHAT.maxTopLeads)) : leadsOf(computed, columnNames),
      filter_criteria: computed.criteria,
      reasoning,
      reasoning_chain: [...computed.steps.map((step, i) => ({ step: i + 1, description: step.description, result: step.count })), ...topStep],
      confidence,
      all_matching_row_ids: top ? computed.rowIndexes.slice(0, top.n) : computed.rowIndexes,
      aggregate: computed.aggregate,
      duplicates: computed.duplicates,
      top: top ? { ...top, matching: computed.count } : null,
    },
    judgment: null,
  }
}

/** The model's summary when it states only computed figures; the template otherwise. */
async function summaryOf(credentials: Parameters<typeof askForObject>[0]['credentials'], figures: ComputedFigures): Promise<string> {
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
  | { kind: 'plan'; plan: Plan; computed: PlanResult; answer: ChatModelAnswer }
  | { kind: 'judgment'; judgment: JudgmentProposal; answer: ChatModelAnswer }

/**
 * Asks the model for a plan and runs it. A plan that names an unknown column (or a judgment
 * prompt that does) is sent back once with the error, as a wrong format is.
 */
async function planQuestion(
  upload: Upload,
  credentials: Parameters<typeof askForObject>[0]['credentials'],
  question: string,
  profile: TableProfile,
  previous: { question: string; plan: Plan } | null,
): Promise<Planned | { kind: 'failed'; error: string }> {
  let correction: string | undefined
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const user = planUserMessage({ question, profile, previous, correction })
    const answer = await askForObject({ credentials, system: PLAN_SYSTEM_PROMPT, user, schema: chatModelAnswerSchema, name: 'chat_plan' })
    if (!answer.ok) return { kind: 'failed', error: answer.error }
    try {
      if (answer.value.kind === 'judgment') {
        if (!answer.value.judgment) throw new AppError('VALIDATION_FAILED', 'A judgment answer needs its "judgment" column.')
        await referencedColumnsOrThrow(upload.id, answer.value.judgment.prompt)
        return { kind: 'judgment', judgment: answer.value.judgment, answer: answer.value }
      }
      const plan = answer.value.plan ?? {}
      return { kind: 'plan', plan, computed: await runPlan({ source: upload, plan }), answer: answer.value }
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

function lastPlannedAnswer(messages: ChatMessage[]): ChatResult | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const result = messages[i]!.result
    if (messages[i]!.type === 'ai' && result?.plan && result.result_type !== 'judgment_proposal') return result
  }
  return null
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
  credentials: Parameters<typeof askForObject>[0]['credentials']
  query: string
  remaining: number | null
}): Promise<AskChatResponse> {
  const threadId = await threadOf(upload.userId, upload.id)
  const previous = lastPlannedAnswer(await messagesOf(threadId))
  const followsUp = previous !== null && isFollowUp(query)

  let planned: Awaited<ReturnType<typeof planQuestion>>
  try {
    const profile = await profileTable(upload)
    planned = await planQuestion(upload, credentials, query, profile, previous?.plan ? { question: previous.query, plan: previous.plan } : null)
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
    result = await composeResult({ userId: upload.userId, upload, credentials, query, planned, previous: followsUp ? previous : null })
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
  userId,
  upload,
  credentials,
  query,
  planned,
  previous,
}: {
  userId: string
  upload: Upload
  credentials: Parameters<typeof askForObject>[0]['credentials']
  query: string
  planned: Exclude<Planned, { kind: 'failed' }>
  previous: ChatResult | null
}): Promise<ChatResult> {
  const columnNames = (await storedColumnsOf(upload.id)).map((column) => column.name)
  if (planned.kind === 'judgment') {
    const quote = await quoteNewColumnRun({ userId, uploadId: upload.id, prompt: planned.judgment.prompt, webSearch: false })
    return judgmentResult(query, planned.judgment, planned.answer, quote)
  }
  if (previous?.plan) {
    const plan = mergedPlan(previous.plan, planned.plan)
    const computed = await runPlan({ source: upload, plan })
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

/** `quote`: what the column's run will charge, counted as the run counts (once per distinct input). */
function judgmentResult(query: string, judgment: JudgmentProposal, answer: ChatModelAnswer, quote: { rows: number; calls: number; credits: number }): ChatResult {
  const { rows, calls, credits: estimatedCredits } = quote
  return {
    id: randomUUID(),
    query,
    result_type: 'judgment_proposal',
    method: 'judgment_column',
    timestamp: new Date().toISOString(),
    plan: null,
    data: {
      count: 0,
      total_rows: rows,
      summary: CHAT_MESSAGES.judgmentBody(rows, estimatedCredits, calls),
      matching_leads: [],
      filter_criteria: [],
      reasoning: answer.reasoning,
      reasoning_chain: [],
      confidence: answer.confidence,
      all_matching_row_ids: [],
      aggregate: null,
    },
    judgment: { ...judgment, rows, calls, estimatedCredits, fieldId: null, answered: false },
  }
}

async function getAnswerOrThrow(userId: string, uploadId: string, messageId: string) {
  const [row] = await db
    .select({ message: chatMessages })
    .from(chatMessages)
    .innerJoin(chatThreads, eq(chatThreads.id, chatMessages.threadId))
    .where(and(eq(chatMessages.id, messageId), eq(chatThreads.userId, userId), eq(chatThreads.uploadId, uploadId)))
  if (!row || row.message.role !== 'ai' || !row.message.result) throw new AppError('NOT_FOUND', CHAT_MESSAGES.answerNotFound)
  return { row: row.message, result: row.message.result as ChatResult }
}

async function saveResult(messageId: string, content: string, result: ChatResult): Promise<ChatMessage> {
  const [row] = await db.update(chatMessages).set({ content, result: storedResult(result) }).where(eq(chatMessages.id, messageId)).returning()
  return { ...toMessage(row!), result }
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
  const { computed, columnNames } = await runPlanWithColumns({ source: upload, plan })
  const query = describePlan(plan)
  const original = result.edited_from ?? result.query
  const summary = templateSummary(figuresOf(query, plan, computed))
  const next = buildResult({ query, plan, computed, columnNames, summary, reasoning: CHAT_MESSAGES.editedReasoning(original), confidence: result.data.confidence, method: result.method })
  const question = await addMessage(row.threadId, 'user', CHAT_MESSAGES.editedQuestion(query), null)
  const answer = await addMessage(row.threadId, 'ai', summary, { ...next, edited_from: original })
  return { question, answer, remainingCredits: null }
}

/** A free name for the proposed column: its own, or with ' 2', ' 3'... */
async function freeColumnName(uploadId: string, wanted: string) {
  const taken = new Set((await storedColumnsOf(uploadId)).map((column) => column.name.trim().toLowerCase()))
  if (!taken.has(wanted.trim().toLowerCase())) return wanted
  for (let n = 2; ; n += 1) if (!taken.has(`${wanted} ${n}`.toLowerCase())) return `${wanted} ${n}`
}

function renameColumn(condition: Condition, from: string, to: string): Condition {
  if ('all' in condition) return { all: condition.all.map((c) => renameColumn(c, from, to)) }
  if ('any' in condition) return { any: condition.any.map((c) => renameColumn(c, from, to)) }
  if ('not' in condition) return { not: renameColumn(condition.not, from, to) }
  return condition.column.trim().toLowerCase() === from.trim().toLowerCase() ? { ...condition, column: to } : condition
}

/** Creates the proposed AI column and starts its run over every row, through the AI columns' own rules and credits. */
export async function startJudgment({ userId, uploadId, messageId }: { userId: string; uploadId: string; messageId: string }): Promise<ChatMessage> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const { row, result } = await getAnswerOrThrow(userId, upload.id, messageId)
  const judgment = result.judgment
  if (!judgment) throw new AppError('CONFLICT', CHAT_MESSAGES.notAJudgment)
  if (judgment.fieldId) return toMessage(row)
  const name = await freeColumnName(upload.id, judgment.columnName)
  const field = await createAiField({ userId, uploadId: upload.id, name, prompt: judgment.prompt, outputType: { kind: judgment.outputType }, webSearch: false })
  const where = renameColumn(judgment.where, judgment.columnName, name)
  const next: ChatResult = { ...result, judgment: { ...judgment, columnName: name, where, fieldId: field.id } }
  const saved = await saveResult(messageId, row.content, next)
  await startRun({ userId, uploadId: upload.id, fieldId: field.id, scope: 'all' })
  return saved
}

/** Once the proposed column is filled: the question answered from it, exactly, with no model call. */
export async function answerJudgment({ userId, uploadId, messageId }: { userId: string; uploadId: string; messageId: string }): Promise<ChatMessage> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const { result } = await getAnswerOrThrow(userId, upload.id, messageId)
  const judgment = result.judgment
  if (!judgment?.fieldId) throw new AppError('CONFLICT', CHAT_MESSAGES.notAJudgment)
  const field = await getAiField({ userId, uploadId: upload.id, fieldId: judgment.fieldId })
  if (field.status === 'processing' || field.status === 'paused') throw new AppError('CONFLICT', CHAT_MESSAGES.judgmentStillRunning(field.name))
  const plan: Plan = { where: renameColumn(judgment.where, judgment.columnName, field.name) }
  const { computed, columnNames } = await runPlanWithColumns({ source: upload, plan })
  // A run stopped early (credits, budget, cancel) or failed cells leave rows undecided: the answer
  // counts only the rows the column decided, and says so.
  const partial = field.counts.done < upload.validRows ? ` ${CHAT_MESSAGES.judgmentPartial(field.name, field.counts.done, upload.validRows, field.run?.stopReason ?? null)}` : ''
  const summary = `${templateSummary(figuresOf(result.query, plan, computed))} ${CHAT_MESSAGES.judgmentAnswered(field.name)}${partial}`
  const next = buildResult({ query: result.query, plan, computed, columnNames, summary, reasoning: result.data.reasoning, confidence: result.data.confidence, method: 'judgment_column' })
  return saveResult(messageId, summary, { ...next, id: result.id, judgment: { ...judgment, columnName: field.name, answered: true } })
}
