import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { CHAT_MESSAGES, DUPLICATES_MESSAGES } from '#common/messages'
import type { ChatResult } from '#common/schemas/chat'
import { renderScreen, stubApi } from '#web/test/render-screen'
import { answerMessage, inUsa } from './chat-fixtures'
import { ChatAnswerCard } from './chat-answer-card'

function renderCard(message: ReturnType<typeof answerMessage>, onShowInTable = vi.fn()) {
  stubApi(() => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'no request expected' } } }))
  renderScreen(<ChatAnswerCard uploadId="u1" message={message} columnNames={['Country', 'Employees', 'Revenue']} onShowInTable={onShowInTable} />)
  return onShowInTable
}

const figure = () => screen.getByTestId('answer-figure').textContent
const notes = () => screen.queryAllByRole('note').map((note) => note.textContent)

describe('the answer’s figure and its notices', () => {
  it('leads a figure answer with the figure, over how many rows, and says how many values were skipped', () => {
    const aggregate: ChatResult['data']['aggregate'] = { op: 'avg', column: 'Employees', value: 1234.567, skipped: 2 }
    renderCard(answerMessage('a1', 'Average employees in the USA?', { result_type: 'aggregate', plan: { ...inUsa, aggregate: { op: 'avg', column: 'Employees' } }, data: { count: 7, aggregate } }))

    expect(figure()).toBe('1,234.57')
    expect(screen.getByText(CHAT_MESSAGES.figureOverRows('Average of Employees', 7, 10))).toBeTruthy()
    expect(screen.getByText('2 values were skipped (not a number).')).toBeTruthy()
  })

  it('says nothing of skipped values when every value was a number, and a figure no value gave shows as a dash', () => {
    renderCard(answerMessage('a1', 'Total revenue?', { result_type: 'aggregate', data: { aggregate: { op: 'sum', column: 'Revenue', value: null, skipped: 0 } } }))
    expect(figure()).toBe('-')
    expect(screen.queryByText(/skipped/)).toBeNull()
  })

  it('leads a top-N answer with N, of how many matched', () => {
    renderCard(answerMessage('a1', 'Top 5 by employees', { plan: inUsa, data: { count: 5, top: { n: 5, column: 'Employees', direction: 'desc', matching: 40 } } }))
    expect(figure()).toBe('5')
    expect(screen.getByText(CHAT_MESSAGES.topRows(5, 40))).toBeTruthy()
  })

  it('notes the repeats among the rows counted, exactly and by an identifying column', () => {
    renderCard(answerMessage('a1', 'Who is in the USA?', { plan: inUsa, data: { duplicates: { exactRows: 1, columns: [{ column: 'Email', rows: 3 }, { column: 'Domain', rows: 0 }] } } }))
    expect(notes()).toEqual([DUPLICATES_MESSAGES.chatNote([DUPLICATES_MESSAGES.chatExact(1), DUPLICATES_MESSAGES.chatColumn(3, 'Email')])])
  })

  it('has no note when nothing repeats', () => {
    renderCard(answerMessage('a1', 'Who is in the USA?', { plan: inUsa, data: { duplicates: { exactRows: 0, columns: [{ column: 'Email', rows: 0 }] } } }))
    expect(notes()).toEqual([])
  })

  it('lists a count by group with the groups not shown', () => {
    renderCard(
      answerMessage('a1', 'How many per country?', {
        result_type: 'aggregate',
        data: { count: 10, aggregate: { op: 'count_by', column: 'Country', groups: [{ value: 'USA', count: 6 }, { value: '', count: 1 }], otherGroups: 3 } },
      }),
    )
    expect(figure()).toBe('10')
    const rows = within(screen.getByRole('table')).getAllByRole('row').map((row) => row.textContent)
    expect(rows).toEqual(['Country' + CHAT_MESSAGES.groupCount, 'USA6', CHAT_MESSAGES.emptyGroup + '1'])
    expect(screen.getByText(CHAT_MESSAGES.otherGroups(3))).toBeTruthy()
  })

  it('offers the rows in the table only when some matched, with the answer’s condition', async () => {
    const user = userEvent.setup({ delay: null })
    const onShowInTable = renderCard(answerMessage('a1', 'Who is in the USA?', { plan: inUsa, data: { count: 3 } }))
    await user.click(screen.getByRole('button', { name: CHAT_MESSAGES.showInTable }))
    expect(onShowInTable).toHaveBeenCalledWith({ where: inUsa.where, query: 'Who is in the USA?' })
  })

  it('has no table button for an answer that matched nothing', () => {
    renderCard(answerMessage('a1', 'Who is in Narnia?', { plan: { where: { column: 'Country', op: 'equals', value: 'Narnia' } }, data: { count: 0 } }))
    expect(screen.queryByRole('button', { name: CHAT_MESSAGES.showInTable })).toBeNull()
  })
})
