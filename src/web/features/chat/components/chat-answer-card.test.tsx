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

describe('formulas, groups and yes/no answers (issue 32)', () => {
  const ratio = 'NUMBER({Revenue}) / NUMBER({Employees})'

  it('lists each group with its rows and measures, and the values skipped', () => {
    renderCard(
      answerMessage('a1', 'Total revenue per country', {
        result_type: 'aggregate',
        data: {
          count: 10,
          aggregate: {
            op: 'group_by',
            column: 'Country',
            measures: [
              { op: 'sum', column: 'Revenue' },
              { op: 'count', column: null },
            ],
            groups: [
              { value: 'Spain', count: 6, measures: [{ value: 12500.5, skipped: 1 }, { value: 6, skipped: 0 }] },
              { value: 'France', count: 4, measures: [{ value: null, skipped: 0 }, { value: 4, skipped: 0 }] },
            ],
            otherGroups: 0,
          },
        },
      }),
    )
    const rows = within(screen.getByRole('table', { name: 'By Country' })).getAllByRole('row').map((row) => row.textContent)
    expect(rows).toEqual(['CountryRowsTotal Revenue', 'Spain612,500.5', 'France4-'])
    expect(screen.getByText(CHAT_MESSAGES.skippedInGroups(1))).toBeTruthy()
  })

  it('leads a yes/no answer with yes or no and the figure behind it', () => {
    renderCard(
      answerMessage('a1', 'Is the total revenue above 1M?', {
        result_type: 'aggregate',
        data: { count: 10, aggregate: { op: 'sum', column: 'Revenue', value: 1250000, skipped: 0, compare: { op: 'greater_than', value: '1000000' }, answer: true } },
      }),
    )
    expect(figure()).toBe('Yes')
    expect(screen.getByText(CHAT_MESSAGES.figureAgainst('Sum of Revenue', '1,250,000', 'greater than "1000000"'))).toBeTruthy()
  })

  it('shows a formula criterion as a chip whose editor edits the formula, and re-runs the plan with it', async () => {
    const user = userEvent.setup({ delay: null })
    const plan = { where: { formula: ratio, op: 'greater_than' as const, value: '1000' } }
    const calls = stubApi(() => ({ body: { error: { code: 'NOT_FOUND', message: 'stop here' } }, status: 404 }))
    renderScreen(<ChatAnswerCard uploadId="u1" message={answerMessage('a1', 'High revenue per employee', { plan, data: { count: 3 } })} columnNames={['Country', 'Employees', 'Revenue']} onShowInTable={vi.fn()} />)
    expect(screen.getByText(`${ratio} is greater than "1000"`)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: `${CHAT_MESSAGES.editCriterion}: ${ratio} is greater than "1000"` }))
    const formula = screen.getByLabelText(CHAT_MESSAGES.criterionFormula)
    await user.clear(formula)
    await user.type(formula, 'NUMBER({{Revenue}) / 2')
    await user.click(screen.getByRole('button', { name: CHAT_MESSAGES.applyCriterion }))
    await vi.waitFor(() => expect(calls.find((call) => call.method === 'PATCH')).toBeDefined())
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({ plan: { where: { formula: 'NUMBER({Revenue}) / 2', op: 'greater_than', value: '1000' } } })
  })

  it('offers to save a formula the conversation needs again as a column', async () => {
    const user = userEvent.setup({ delay: null })
    const calls = stubApi((call) =>
      call.method === 'POST'
        ? { status: 201, body: { key: 'c9', name: 'Revenue per employee', type: 'number', kind: 'formula', formula: ratio, position: 9, hidden: false, width: null } }
        : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'none' } } },
    )
    renderScreen(<ChatAnswerCard uploadId="u1" message={answerMessage('a1', 'Any above?', { plan: inUsa, data: { formula_suggestions: [ratio] } })} columnNames={['Country']} onShowInTable={vi.fn()} />)
    const offer = screen.getByRole('form', { name: CHAT_MESSAGES.saveFormulaTitle })
    const name = within(offer).getByLabelText(CHAT_MESSAGES.saveFormulaName)
    expect((name as HTMLInputElement).value).toBe('Revenue / Employees')
    await user.clear(name)
    await user.type(name, 'Revenue per employee')
    await user.click(within(offer).getByRole('button', { name: CHAT_MESSAGES.saveFormula }))
    await vi.waitFor(() => expect(screen.getByText(CHAT_MESSAGES.savedFormula('Revenue per employee'))).toBeTruthy())
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ path: '/api/uploads/u1/columns', body: { name: 'Revenue per employee', formula: ratio } })
  })
})
