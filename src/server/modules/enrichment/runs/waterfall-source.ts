import { HTTP_SOURCE } from '#common/constants'
import { WATERFALL_MESSAGES } from '#common/messages'
import { evaluateFormulaText } from '#common/formula/evaluate'
import { columnReferencesOf } from '#common/formula/parse'
import { todayKey } from '#common/formula/values'
import type { AiCellValue, AiTokenUsage } from '#common/schemas/enrichment'
import type { FormulaNode } from '#common/schemas/formula'
import type { CellStep, WaterfallStep } from '#common/schemas/sources'
import type { DateOrder } from '#common/schemas/uploads'
import { acceptsAnswer, parseAcceptRule } from '#common/waterfall-rules'
import type { AiFieldRow } from '#server/db/schema/index'
import { env } from '#server/env'
import { displayValue } from '#server/modules/ai/ai-output'
import { resolveAiCredentials, type AiCredentials } from '#server/modules/ai/ai-credentials'
import { checkFormulaOrThrow, columnsOf } from '#server/modules/columns/formula-columns'
import { readSecretValues } from '#server/modules/secrets/secrets.service'
import { findReferences, resolveColumnsOrThrow } from '#server/modules/sources/http-template'
import { AppError } from '#server/platform/app-error'
import { creditsPerCell } from '../ai-fields.service.ts'
import { resolvePlaceholders } from '../lib/render-prompt.ts'
import { AiSource } from './ai-source.ts'
import { NO_TOKENS, type CellSource, type SourceAnswer, type UnpaidStop } from './cell-source.ts'
import { HttpCellSource } from './http-source.ts'
import type { ClaimedCell } from './outcomes.ts'

/**
 * A waterfall column's source (issue 43, decision 037): its steps (an AI prompt, an HTTP request,
 * a formula) are tried in order for each row, and the first value its step's acceptance rule
 * accepts is the cell's; the steps after it are not called. Each step is a source of its own
 * (the AI and HTTP sources the other columns use, or a formula over the row) and is paid right
 * before it is called, so a row costs exactly the steps it used.
 */

type ColumnRow = Awaited<ReturnType<typeof columnsOf>>[number]

/** Pays for one step of one cell before it is called: 'paid', or why not. */
export type StepPayment = (cell: ClaimedCell, step: number, source: CellSource) => Promise<'paid' | UnpaidStop>

export type WaterfallStepRunner = { kind: WaterfallStep['kind']; source: CellSource; accept: FormulaNode }

/** The acceptance rule of step `index` (from 0), checked: a yes/no formula over `{value}` and `{confidence}`. */
export function acceptRuleOrThrow(rule: string, index: number): FormulaNode {
  const parsed = parseAcceptRule(rule)
  if (parsed.ok) return parsed.ast
  throw new AppError('VALIDATION_FAILED', parsed.notYesNo ? WATERFALL_MESSAGES.ruleNotYesNo(index + 1) : WATERFALL_MESSAGES.ruleProblem(index + 1, parsed.problem), { step: index })
}

/** What a step costs a call when the platform pays (the user's own AI key pays nothing). */
export function stepPriceOf(step: WaterfallStep, ownKey = false): number {
  if (step.kind === 'ai') return ownKey ? 0 : creditsPerCell(step.webSearch)
  if (step.kind === 'http') return env.HTTP_SOURCE_CREDITS_PER_CALL
  return 0
}

const promptColumns = (columns: readonly ColumnRow[], ownKey: string | null) => columns.filter((c) => c.key !== ownKey).map((c) => ({ key: c.key, name: c.name }))

/** The columns an AI step's prompt names (every column but the waterfall's own when it names none); unknown names refused. */
function promptInputsOf(step: Extract<WaterfallStep, { kind: 'ai' }>, columns: readonly ColumnRow[], ownKey: string | null, index: number) {
  const all = promptColumns(columns, ownKey)
  const { referenced, unknown } = resolvePlaceholders(step.prompt, all)
  if (unknown.length > 0) throw new AppError('VALIDATION_FAILED', WATERFALL_MESSAGES.promptProblem(index + 1, unknown.map((n) => `{${n}}`).join(', ')), { step: index, unknownColumns: unknown })
  return referenced.length > 0 ? referenced : all
}

/**
 * Checks every step against the file's columns (prompts' and requests' references, formulas,
 * acceptance rules) and answers the keys of the columns the steps read: the waterfall's inputs.
 */
export function checkStepsOrThrow(steps: readonly WaterfallStep[], columns: readonly ColumnRow[], ownKey: string | null = null): string[] {
  const keys = new Set<string>()
  steps.forEach((step, index) => {
    acceptRuleOrThrow(step.accept, index)
    if (step.kind === 'ai') for (const c of promptInputsOf(step, columns, ownKey, index)) keys.add(c.key)
    if (step.kind === 'http') for (const c of resolveColumnsOrThrow(step.request, promptColumns(columns, ownKey))) keys.add(c.key)
    if (step.kind === 'formula') for (const r of columnReferencesOf(formulaOrThrow(step.formula, columns, index))) keys.add(r.key)
  })
  return [...keys]
}

function formulaOrThrow(formula: string, columns: readonly ColumnRow[], index: number) {
  try {
    return checkFormulaOrThrow(formula, columns).ast
  } catch (error) {
    if (error instanceof AppError) throw new AppError('VALIDATION_FAILED', WATERFALL_MESSAGES.formulaProblem(index + 1, error.message), { step: index })
    throw error
  }
}

/** A formula step: the formula over the row, in TypeScript (the reference evaluator formula columns' SQL is held to). */
class FormulaStepSource implements CellSource {
  readonly provider = 'formula'
  readonly model = 'formula'
  readonly ownKey = false
  readonly perCell = 0
  readonly operation = 'http_source_call' as const
  readonly concurrency = HTTP_SOURCE.maxConcurrency
  readonly inputKeys: readonly string[]

  constructor(
    private readonly ast: FormulaNode,
    private readonly dateOrders: ReadonlyMap<string, DateOrder | null>,
  ) {
    this.inputKeys = columnReferencesOf(ast).map((r) => r.key)
  }

  call(cell: ClaimedCell): Promise<SourceAnswer> {
    const value = evaluateFormulaText(this.ast, { cells: cell.data, rowNumber: cell.rowIndex + 1 }, { today: todayKey(), dateOrders: this.dateOrders })
    return Promise.resolve({ ok: true, value, reasoning: null, confidence: null, sources: [], tokens: NO_TOKENS, latencyMs: 0, calls: 0, steps: null })
  }
}

/** The steps of a waterfall as sources, ready to call (credentials resolved, secrets read now). */
export async function waterfallStepRunners({ field, steps }: { field: Pick<AiFieldRow, 'id' | 'userId' | 'uploadId' | 'columnKey'>; steps: readonly WaterfallStep[] }) {
  const columns = await columnsOf(field.uploadId)
  const dateOrders = new Map(columns.map((c) => [c.key, c.dateOrder ?? null]))
  const credentials = new Map<boolean, AiCredentials>()
  const runners: WaterfallStepRunner[] = []
  for (const [index, step] of steps.entries()) {
    const accept = acceptRuleOrThrow(step.accept, index)
    if (step.kind === 'ai') {
      let resolved = credentials.get(step.webSearch)
      if (!resolved) {
        resolved = await resolveAiCredentials({ userId: field.userId, webSearch: step.webSearch })
        credentials.set(step.webSearch, resolved)
      }
      const stepField = { prompt: step.prompt, webSearch: step.webSearch, outputType: { kind: 'text' as const } }
      const source = new AiSource(stepField, { ...resolved, model: step.model ?? resolved.model }, promptInputsOf(step, columns, field.columnKey, index))
      runners.push({ kind: 'ai', source, accept })
    } else if (step.kind === 'http') {
      const secrets = await readSecretValues(field.userId, findReferences(step.request).secrets)
      const config = { kind: 'http' as const, request: step.request, outputs: [{ path: step.path, columnKey: field.columnKey }], limits: step.limits }
      // Each step keeps its own limits (calls at once and per minute), as its own column would.
      const source = new HttpCellSource({ id: `${field.id}:step${index}` }, config, resolveColumnsOrThrow(step.request, promptColumns(columns, field.columnKey)), secrets)
      runners.push({ kind: 'http', source, accept })
    } else {
      runners.push({ kind: 'formula', source: new FormulaStepSource(formulaOrThrow(step.formula, columns, index), dateOrders), accept })
    }
  }
  return runners
}

const addTokens = (a: AiTokenUsage, b: AiTokenUsage): AiTokenUsage => ({ input: a.input + b.input, output: a.output + b.output, cached: a.cached === null && b.cached === null ? null : (a.cached ?? 0) + (b.cached ?? 0) })

/**
 * Tries the steps in order for one row: each is paid (`pay`) right before its call, its answer
 * judged by its rule; the first accepted value ends the walk. A step that fails or answers
 * nothing is recorded and the next one tried. Shared by runs and 'Test on a row'.
 */
export async function walkSteps(runners: readonly WaterfallStepRunner[], cell: ClaimedCell, pay: StepPayment): Promise<SourceAnswer & { credits: number }> {
  const tried: CellStep[] = []
  let tokens = NO_TOKENS
  let calls = 0
  let credits = 0
  let latencyMs = 0
  for (const [index, { kind, source, accept }] of runners.entries()) {
    const blank: CellStep = { kind, step: index, outcome: 'unpaid', status: null, request: null, latencyMs: 0, attempts: 0, credits: 0, excerpt: null }
    if (source.perCell > 0) {
      const paid = await pay(cell, index, source)
      if (paid !== 'paid') {
        tried.push(blank)
        return { ok: false, error: WATERFALL_MESSAGES.stepNotPaid(index + 1), tokens, calls, steps: tried, credits, stop: paid }
      }
    }
    const started = Date.now()
    const answer = await source.call(cell)
    const took = Date.now() - started
    latencyMs += took
    tokens = addTokens(tokens, answer.tokens)
    calls += answer.calls
    credits += source.perCell
    const http = answer.steps?.[0]
    const step: CellStep = {
      ...blank,
      ...(http ? { status: http.status, request: http.request, excerpt: http.excerpt } : {}),
      ...(kind === 'ai' ? { model: source.model } : {}),
      latencyMs: took,
      attempts: answer.calls,
      credits: source.perCell,
    }
    if (!answer.ok) {
      tried.push({ ...step, outcome: http?.outcome === 'empty' ? 'empty' : 'error', excerpt: step.excerpt ?? answer.error.slice(0, HTTP_SOURCE.excerptChars) })
      continue
    }
    const text = answer.value === null ? null : displayValue(answer.value)
    const shown = { value: text?.slice(0, HTTP_SOURCE.excerptChars) ?? null, confidence: answer.confidence }
    if (text === null || text === '') {
      tried.push({ ...step, ...shown, outcome: acceptsAnswer(accept, { value: null, confidence: answer.confidence }) ? 'accepted' : 'empty' })
    } else {
      tried.push({ ...step, ...shown, outcome: acceptsAnswer(accept, { value: text, confidence: answer.confidence }) ? 'accepted' : 'rejected' })
    }
    if (tried.at(-1)!.outcome === 'accepted') {
      return { ok: true, value: answer.value as AiCellValue, reasoning: answer.reasoning, confidence: answer.confidence, sources: answer.sources, tokens, latencyMs, calls, steps: tried, credits }
    }
  }
  return { ok: false, error: WATERFALL_MESSAGES.nothingAccepted(tried.length), tokens, calls, steps: tried, credits }
}

/** The run engine's view of a waterfall: nothing charged by the engine, each step paid by `pay` as it is called. */
export class WaterfallSource implements CellSource {
  readonly provider = 'waterfall'
  readonly model: string
  readonly ownKey = false
  readonly perCell = 0
  readonly operation = 'http_source_call' as const
  readonly concurrency: number
  readonly inputKeys: readonly string[]

  constructor(
    private readonly runners: readonly WaterfallStepRunner[],
    inputKeys: readonly string[],
    private readonly pay: StepPayment,
  ) {
    this.model = runners.map((r) => (r.kind === 'ai' ? r.source.model : r.kind)).join(' > ')
    const called = runners.filter((r) => r.kind !== 'formula')
    this.concurrency = called.length > 0 ? Math.max(...called.map((r) => r.source.concurrency)) : env.AI_CONCURRENCY
    this.inputKeys = inputKeys
  }

  /** What each step costs a call, in order. */
  get stepPrices() {
    return this.runners.map((r) => r.source.perCell)
  }

  call(cell: ClaimedCell): Promise<SourceAnswer> {
    return walkSteps(this.runners, cell, this.pay)
  }
}
