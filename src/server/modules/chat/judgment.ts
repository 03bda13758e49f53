import { randomUUID } from 'node:crypto'
import { CHAT_MESSAGES } from '#common/messages'
import type { ChatMessage, ChatModelAnswer, ChatResult, JudgmentProposal } from '#common/schemas/chat'
import type { Condition, Plan } from '#common/schemas/plans'
import { AppError } from '#server/platform/app-error'
import { getAiField } from '#server/modules/enrichment/ai-fields.service'
import { createAiColumn } from '#server/modules/enrichment/ai-columns.service'
import { quoteNewColumnRun } from '#server/modules/enrichment/enrichment-runs.service'
import { runPlanWithColumns } from '#server/modules/row-storage/plan-runner'
import { storedColumnsOf } from '#server/modules/row-storage/row-reader'
import { getReadableUploadOrThrow } from '#server/modules/uploads/uploads.service'
import { getAnswerOrThrow, saveResult, toMessage } from './conversation.ts'
import { buildResult, figuresOf } from './lib/chat-result.ts'
import { templateSummary } from './lib/summary.ts'

/**
 * Judgment columns: a question that needs a judgment per row becomes a proposed AI column, made
 * and run through the AI columns' own rules and credits, and answered exactly once it is filled.
 */

/**
 * The proposal of a column for a question, with what its run would charge. Its prompt may name
 * only columns the file has (the AI columns' own check): a VALIDATION_FAILED otherwise.
 */
export async function proposeJudgment({
  uploadId,
  ownKey,
  query,
  judgment,
  answer,
}: {
  uploadId: string
  ownKey: boolean
  query: string
  judgment: JudgmentProposal
  answer: ChatModelAnswer
}): Promise<ChatResult> {
  const quote = await quoteNewColumnRun({ uploadId, ownKey, prompt: judgment.prompt, webSearch: false })
  return judgmentResult(query, judgment, answer, quote)
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
  return 'column' in condition && condition.column.trim().toLowerCase() === from.trim().toLowerCase() ? { ...condition, column: to } : condition
}

/** Creates the proposed AI column and starts its run over every row, through the AI columns' own rules and credits. */
export async function startJudgment({ userId, uploadId, messageId }: { userId: string; uploadId: string; messageId: string }): Promise<ChatMessage> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const { row, result } = await getAnswerOrThrow(userId, upload.id, messageId)
  const judgment = result.judgment
  if (!judgment) throw new AppError('CONFLICT', CHAT_MESSAGES.notAJudgment)
  if (judgment.fieldId) return toMessage(row)
  const name = await freeColumnName(upload.id, judgment.columnName)
  const { field, runError } = await createAiColumn({
    userId,
    uploadId: upload.id,
    name,
    prompt: judgment.prompt,
    outputType: { kind: judgment.outputType },
    webSearch: false,
    firstRun: { scope: 'all' },
  })
  const where = renameColumn(judgment.where, judgment.columnName, name)
  const next: ChatResult = { ...result, judgment: { ...judgment, columnName: name, where, fieldId: field.id } }
  const saved = await saveResult(messageId, row.content, next)
  if (runError) throw runError
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
  const { computed, columnNames } = await runPlanWithColumns({ source: upload, plan, columns: await storedColumnsOf(upload.id) })
  // A run stopped early (credits, budget, cancel) or failed cells leave rows undecided: the answer
  // counts only the rows the column decided, and says so.
  const partial = field.counts.done < upload.validRows ? ` ${CHAT_MESSAGES.judgmentPartial(field.name, field.counts.done, upload.validRows, field.run?.stopReason ?? null)}` : ''
  const summary = `${templateSummary(figuresOf(result.query, plan, computed))} ${CHAT_MESSAGES.judgmentAnswered(field.name)}${partial}`
  const next = buildResult({ query: result.query, plan, computed, columnNames, summary, reasoning: result.data.reasoning, confidence: result.data.confidence, method: 'judgment_column' })
  return saveResult(messageId, summary, { ...next, id: result.id, judgment: { ...judgment, columnName: field.name, answered: true } })
}
