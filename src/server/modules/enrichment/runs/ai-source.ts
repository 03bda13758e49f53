import type { AiFieldRow } from '#server/db/schema/index'
import { env } from '#server/env'
import { callModel } from '#server/modules/ai/call-model'
import type { AiCredentials } from '#server/modules/ai/ai-credentials'
import { creditsPerCell } from '../ai-fields.service.ts'
import { buildFixedPart, buildRowPart, type PromptColumn } from '../lib/render-prompt.ts'
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

  constructor(
    private readonly field: Pick<AiFieldRow, 'prompt' | 'outputType' | 'webSearch'>,
    private readonly credentials: AiCredentials,
    private readonly inputs: PromptColumn[],
  ) {
    this.provider = credentials.provider
    this.model = credentials.model
    this.ownKey = credentials.ownKey
    this.perCell = credentials.ownKey ? 0 : creditsPerCell(field.webSearch)
    this.operation = field.webSearch ? ('ai_enrichment_advanced' as const) : ('ai_enrichment_basic' as const)
    this.inputKeys = inputs.map((c) => c.key)
    this.fixedPart = buildFixedPart({ template: field.prompt, outputType: field.outputType, columns: inputs, webSearch: field.webSearch })
  }

  async call(cell: ClaimedCell): Promise<SourceAnswer> {
    const result = await callModel({ credentials: this.credentials, fixedPart: this.fixedPart, rowPart: buildRowPart(this.inputs, cell.data), outputType: this.field.outputType })
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
