import { describe, expect, it } from 'vitest'
import type { ChatMessage, ChatResult } from '#common/schemas/chat'
import { CHAT_MESSAGES } from '#common/messages'
import { answerMessage, inUsa, questionMessage } from '../components/chat-fixtures'
import { aggregateLabel, answerHeadline, canShowInTable, confidencePercent, duplicatesNote, formatFigure, latestAnswer, searchPanelNotice, skippedNote } from './answer-view'

type ResultParts = NonNullable<Parameters<typeof answerMessage>[2]>
const result = (over: ResultParts = {}): ChatResult => answerMessage(over.id ?? 'r1', 'q', { plan: inUsa, ...over }).result
const message = (id: string, type: 'user' | 'ai', withResult: boolean): ChatMessage =>
  type === 'user' ? questionMessage(id, id) : withResult ? answerMessage(id, 'q', { plan: inUsa }) : { ...questionMessage(id, id), type: 'ai' }

describe('the answer card', () => {
  it('shows the last AI message with a result, not an error message after it', () => {
    const messages = [message('q1', 'user', false), message('a1', 'ai', true), message('q2', 'user', false), message('a2', 'ai', false)]
    expect(latestAnswer(messages)?.id).toBe('a1')
    expect(latestAnswer([message('q1', 'user', false)])).toBeNull()
  })

  it('shows confidence as a percentage, 50% when the result has none', () => {
    expect(confidencePercent(0.873)).toBe(87)
    expect(confidencePercent(undefined)).toBe(50)
    expect(confidencePercent(1.4)).toBe(100)
  })

  it('offers Show in table only for rows found by a condition', () => {
    expect(canShowInTable(result())).toBe(true)
    expect(canShowInTable(result({ plan: { aggregate: { op: 'count' } } }))).toBe(false)
    expect(canShowInTable(result({ data: { ...result().data, count: 0 } }))).toBe(false)
    expect(canShowInTable(result({ result_type: 'judgment_proposal' }))).toBe(false)
  })

  it('tells the AI search panel where an answer it cannot show as rows is', () => {
    expect(searchPanelNotice(result({ data: { ...result().data, count: 0 } }))).toEqual({ text: CHAT_MESSAGES.searchNoMatches, toChat: false })
    expect(searchPanelNotice(null)).toEqual({ text: CHAT_MESSAGES.searchNoMatches, toChat: false })
    const byIndustry = result({ plan: { aggregate: { op: 'count_by', column: 'Industry' } }, data: { ...result().data, count: 10 } })
    expect(searchPanelNotice(byIndustry)).toEqual({ text: CHAT_MESSAGES.searchAnswerInChat, toChat: true })
    expect(searchPanelNotice(result({ result_type: 'judgment_proposal', data: { ...result().data, count: 0 } }))).toEqual({ text: CHAT_MESSAGES.searchNeedsJudgment, toChat: true })
  })

  it('names aggregates and their skipped values in words', () => {
    expect(aggregateLabel({ op: 'avg', column: 'Employees', value: 12.5, skipped: 2 })).toBe('Average of Employees')
    expect(aggregateLabel({ op: 'count', column: null, value: 4 })).toBe('Count')
    expect(aggregateLabel({ op: 'median', column: 'Price', value: 3.5, skipped: 0 })).toBe('Median of Price')
    expect(aggregateLabel({ op: 'percentile', column: 'Price', fraction: 0.9, value: 46, skipped: 0 })).toBe('90th percentile of Price')
    expect(aggregateLabel({ op: 'percentile', column: 'Price', fraction: 0.975, value: 46, skipped: 0 })).toBe('97.5th percentile of Price')
    expect(aggregateLabel({ op: 'percentile', column: 'Price', fraction: 0.01, value: 1, skipped: 0 })).toBe('1st percentile of Price')
    expect(skippedNote({ op: 'avg', column: 'Employees', value: 12.5, skipped: 2 })).toBe('2 values were skipped (not a number).')
    expect(skippedNote({ op: 'sum', column: 'Employees', value: 1, skipped: 0 })).toBeNull()
    expect(formatFigure(1234.5678)).toBe('1,234.57')
    expect(formatFigure('2024-03-09')).toBe('2024-03-09')
    expect(formatFigure(null)).toBe('-')
  })

  it('headlines the figure asked for: an average rather than its rows, a top N as N, otherwise the rows', () => {
    const average = result({
      result_type: 'aggregate',
      data: { ...result().data, count: 2483, total_rows: 20000, aggregate: { op: 'avg', column: 'Revenue', value: 51234.567, skipped: 0 } },
    })
    expect(answerHeadline(average)).toEqual({ figure: '51,234.57', line: CHAT_MESSAGES.figureOverRows('Average of Revenue', 2483, 20000) })
    const top = result({ data: { ...result().data, count: 5, total_rows: 20000, top: { n: 5, column: 'Revenue', direction: 'desc', matching: 20000 } } })
    expect(answerHeadline(top)).toEqual({ figure: '5', line: CHAT_MESSAGES.topRows(5, 20000) })
    expect(answerHeadline(result())).toEqual({ figure: '3', line: CHAT_MESSAGES.summaryRows(3, 10) })
  })

  it('leads an expression over measures with its value, and a yes/no one with yes or no', () => {
    const measures = [
      { op: 'max' as const, column: 'Age', name: 'Oldest', value: 80, skipped: 1 },
      { op: 'min' as const, column: 'Age', name: 'Youngest', value: 18, skipped: 1 },
    ]
    const range = result({ data: { ...result().data, count: 500, total_rows: 500, aggregate: { op: 'expression', column: '{Oldest} - {Youngest}', value: 62, measures } } })
    expect(answerHeadline(range)).toEqual({ figure: '62', line: CHAT_MESSAGES.figureOverRows('{Oldest} - {Youngest}', 500, 500) })
    const more = result({ data: { ...result().data, count: 500, total_rows: 500, aggregate: { op: 'expression', column: '{Oldest} > 2 * {Youngest}', value: 'true', answer: true, measures } } })
    expect(answerHeadline(more)).toEqual({ figure: CHAT_MESSAGES.yes, line: CHAT_MESSAGES.figureOverRows('{Oldest} > 2 * {Youngest}', 500, 500) })
  })

  it("leads with the one group's figure of a grouping limited to one", () => {
    const city = result({ data: { ...result().data, count: 1000, total_rows: 1000, aggregate: { op: 'count_by', column: 'City', group: 'Madrid', value: 85, groups: [{ value: 'Madrid', count: 85 }], otherGroups: 40 } } })
    expect(answerHeadline(city)).toEqual({ figure: '85', line: CHAT_MESSAGES.figureOverRows('Rows of City "Madrid"', 1000, 1000) })
    const cheapest = result({
      data: {
        ...result().data,
        count: 1000,
        total_rows: 1000,
        aggregate: { op: 'group_by', column: 'Brand', group: 'Deliplus', value: 2.5, measures: [{ op: 'median', column: 'Price' }], groups: [{ value: 'Deliplus', count: 9, measures: [{ value: 2.5, skipped: 0 }] }], otherGroups: 3 },
      },
    })
    expect(answerHeadline(cheapest)).toEqual({ figure: '2.5', line: CHAT_MESSAGES.figureOverRows('Median Price of Brand "Deliplus"', 1000, 1000) })
  })
})

describe('duplicatesNote', () => {
  it("speaks of records as the quality report does, never of a shared website (issue 44)", () => {
    expect(duplicatesNote({ exactRows: null, columns: [{ column: 'Email', rows: 3 }], records: { columns: ['Id', 'Email'], rows: 2 } })).toBe(
      'The rows counted include duplicates: 2 rows repeat another record (same Id and Email).',
    )
    expect(duplicatesNote({ exactRows: 4, columns: [], records: { columns: [], rows: 4 } })).toBe('The rows counted include duplicates: 4 rows repeat another exactly.')
    expect(duplicatesNote({ exactRows: null, columns: [{ column: 'Email', rows: 1 }], records: { columns: ['Id', 'Email'], rows: 0 } })).toBeNull()
  })

  it('says which repeats the counted rows hold on an answer stored before issue 44', () => {
    expect(duplicatesNote({ exactRows: 2, columns: [{ column: 'Email', rows: 3 }] })).toBe(
      "The rows counted include duplicates: 2 rows repeat another exactly; 3 rows repeat another's Email.",
    )
    expect(duplicatesNote({ exactRows: null, columns: [{ column: 'Website', rows: 1 }] })).toBe("The rows counted include duplicates: 1 row repeats another's Website.")
  })

  it('says nothing when there are none, or on an answer stored before they were counted', () => {
    expect(duplicatesNote({ exactRows: 0, columns: [] })).toBeNull()
    expect(duplicatesNote({ exactRows: null, columns: [{ column: 'Email', rows: 0 }] })).toBeNull()
    expect(duplicatesNote(undefined)).toBeNull()
  })
})
