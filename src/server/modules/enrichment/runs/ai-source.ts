import type { AiFieldRow } from '#server/db/schema/index'
import { env } from '#server/env'
import { callModel } from '#server/modules/ai/call-model'
import type { AiCredentials } from '#server/modules/ai/ai-credentials'
import { creditsPerCell } from '../ai-fields.service.ts'
import { buildExamplesPart, buildFixedPart, buildRowPart, renderExample, type PromptColumn } from '../lib/render-prompt.ts'
import { chooseExamples, inputTrigrams, type FieldExample } from '../lib/example-choice.ts'
import type { CellSource, SourceAnswer } from './cell-source.ts'
import type { ClaimedCell } from './outcomes.ts'

/** An AI column's source: its prompt, answered by the model the credentials name. */
export class AiSource implements CellSource {
  readonly provider: string
  readonly model: string
  readonly ownKey: boolean
  readonly perCell: number
  readonly operation
  readonly concurrency = env.AI_CONCURRENCY
  readonly inputKeys: readonly string[]
  private readonly fixedPart: string
  /** The column's examples with their trigrams and prompt text, made once per slice (decision 038). */
  private readonly examples: Array<FieldExample & { grams: Set<string>; text: string }>

  constructor(
    private readonly field: Pick<AiFieldRow, 'prompt' | 'outputType' | 'webSearch'>,
    private readonly credentials: AiCredentials,
    private readonly inputs: PromptColumn[],
    examples: readonly FieldExample[] = [],
  ) {
    this.provider = credentials.provider
    this.model = credentials.model
    this.ownKey = credentials.ownKey
    this.perCell = credentials.ownKey ? 0 : creditsPerCell(field.webSearch)
    this.operation = field.webSearch ? ('ai_enrichment_advanced' as const) : ('ai_enrichment_basic' as const)
    this.inputKeys = inputs.map((c) => c.key)
    this.fixedPart = buildFixedPart({ template: field.prompt, outputType: field.outputType, columns: inputs, webSearch: field.webSearch })
    this.examples = examples.map((e) => ({ ...e, grams: inputTrigrams(this.inputKeys, e.inputs), text: renderExample(inputs, e) }))
  }

  /** The examples most like this row's inputs, as the message the call sends (null without any). */
  examplesPartFor(data: Record<string, string | undefined>) {
    const chosen = chooseExamples({ examples: this.examples, keys: this.inputKeys, row: data, render: (e) => e.text })
    return buildExamplesPart(chosen.map((e) => e.text))
  }

  async call(cell: ClaimedCell): Promise<SourceAnswer> {
    const result = await callModel({ credentials: this.credentials, fixedPart: this.fixedPart, rowPart: buildRowPart(this.inputs, cell.data), examplesPart: this.examplesPartFor(cell.data), outputType: this.field.outputType })
    if (!result.ok) return { ok: false, error: result.error, tokens: result.tokens, calls: result.calls, steps: null }
    return {
      ok: true,
      value: result.answer.value,
      reasoning: result.answer.reasoning,
      confidence: result.answer.confidence,
      sources: result.sources,
      tokens: result.tokens,
      latencyMs: result.latencyMs,
      calls: result.calls,
      steps: null,
    }
  }
}
