import type { ChatMessage, ChatResult } from '#common/schemas/chat'
import type { Plan } from '#common/schemas/plans'

type AnswerParts = Partial<Omit<ChatResult, 'data'>> & { data?: Partial<ChatResult['data']> }

/** An AI message carrying a computed answer, as the server stores it. */
export function answerMessage(id: string, query: string, { data, ...result }: AnswerParts = {}): ChatMessage & { result: ChatResult } {
  const count = data?.count ?? 3
  return {
    id,
    type: 'ai',
    content: `Found ${count} rows.`,
    timestamp: '2026-11-27T10:00:00.000Z',
    isError: false,
    result: {
      id,
      query,
      result_type: 'lead_identification',
      method: 'plan',
      timestamp: '2026-11-27T10:00:00.000Z',
      plan: null,
      judgment: null,
      ...result,
      data: {
        count,
        total_rows: 10,
        summary: '',
        matching_leads: [],
        filter_criteria: [],
        reasoning: '',
        reasoning_chain: [],
        confidence: 0.9,
        all_matching_row_ids: [],
        aggregate: null,
        ...data,
      },
    },
  }
}

export function questionMessage(id: string, content: string): ChatMessage {
  return { id, type: 'user', content, timestamp: '2026-11-27T10:00:00.000Z', result: null, isError: false }
}

export const inUsa: Plan = { where: { column: 'Country', op: 'equals', value: 'USA' } }
