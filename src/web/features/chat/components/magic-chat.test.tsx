import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { CHAT } from '#common/constants'
import { CHAT_MESSAGES } from '#common/messages'
import type { AskChatResponse, ChatMessage } from '#common/schemas/chat'
import type { UploadDetail } from '#common/schemas/uploads'
import { renderScreen, stubApi, type ApiCall } from '#web/test/render-screen'
import { answerMessage, inUsa, questionMessage } from './chat-fixtures'
import { MagicChat } from './magic-chat'

const upload = {
  id: 'u1',
  columns: ['Company', 'Country', 'City'].map((name, position) => ({ key: `c${position}`, name, hidden: false })),
} as UploadDetail

const firstAnswer = answerMessage('a1', 'Who is in the USA?', { plan: inUsa, data: { count: 3 } })

/**
 * The chat's server: the conversation it keeps, read by GET; a question or an edit answers with
 * `next` (once `release` is called, so the wait in between can be seen) and joins the conversation.
 */
function chatServer(next: AskChatResponse) {
  const thread: ChatMessage[] = [questionMessage('q1', 'Who is in the USA?'), firstAnswer]
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const calls = stubApi(async (call: ApiCall) => {
    if (call.path === '/api/uploads/u1/chat' && call.method === 'GET') return { body: { messages: thread } }
    if (call.method === 'POST' || call.method === 'PATCH') {
      await held
      thread.push(next.question, next.answer)
      return { body: next }
    }
    return { status: 404, body: { error: { code: 'NOT_FOUND', message: `no ${call.path}` } } }
  })
  return { calls, release }
}

function renderChat() {
  localStorage.setItem(CHAT.explainerDismissedKey, 'true')
  return renderScreen(<MagicChat upload={upload} onShowInTable={() => {}} aiColumns={{ progressOf: () => null, refresh: () => {} }} />)
}

const shownFigure = () => screen.getByTestId('answer-figure').textContent
const criteria = () =>
  within(screen.getByRole('list', { name: CHAT_MESSAGES.criteria }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

describe('Magic Chat’s answer', () => {
  it('re-runs the answer with an edited condition and shows the new answer, the earlier one still in the conversation', async () => {
    const user = userEvent.setup({ delay: null })
    const edited = answerMessage('a2', 'Who is in Germany?', {
      plan: { where: { column: 'Country', op: 'equals', value: 'Germany' } },
      edited_from: 'Who is in the USA?',
      data: { count: 5 },
    })
    const server = chatServer({ question: questionMessage('q2', 'Changed the conditions: Country is "Germany"'), answer: edited, remainingCredits: null })
    renderChat()
    await waitFor(() => expect(shownFigure()).toBe('3'))
    expect(criteria()).toEqual(['Country is "USA"'])

    await user.click(screen.getByRole('button', { name: 'Edit condition: Country is "USA"' }))
    const editor = await screen.findByRole('dialog', { name: CHAT_MESSAGES.editCriterion })
    const value = within(editor).getByLabelText(CHAT_MESSAGES.criterionValue)
    await user.clear(value)
    const apply = within(editor).getByRole('button', { name: CHAT_MESSAGES.applyCriterion })
    expect(apply).toHaveProperty('disabled', true)
    await user.type(value, 'Germany')
    await user.click(apply)

    // While the server counts, the card says so and its chips cannot be changed.
    expect(await screen.findByText(CHAT_MESSAGES.rerunning)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Remove condition: Country is "USA"' })).toHaveProperty('disabled', true)
    expect(server.calls.filter((call) => call.method === 'PATCH')).toEqual([
      expect.objectContaining({ path: '/api/uploads/u1/chat/messages/a1', body: { plan: { where: { column: 'Country', op: 'equals', value: 'Germany' } } } }),
    ])

    server.release()
    await waitFor(() => expect(shownFigure()).toBe('5'))
    expect(criteria()).toEqual(['Country is "Germany"'])
    expect(screen.queryByText(CHAT_MESSAGES.rerunning)).toBeNull()
    const log = screen.getByRole('log', { name: CHAT_MESSAGES.conversationLabel })
    expect(within(log).getByText('Changed the conditions: Country is "Germany"')).toBeTruthy()
    expect(within(log).getByRole('button', { name: CHAT_MESSAGES.showAnswerLabel('Who is in the USA?') })).toBeTruthy()
  })

  it('re-runs with a condition removed: the plan sent has no conditions left', async () => {
    const user = userEvent.setup({ delay: null })
    const all = answerMessage('a2', 'How many rows?', { plan: {}, data: { count: 10 } })
    const server = chatServer({ question: questionMessage('q2', 'Changed the conditions: every row'), answer: all, remainingCredits: null })
    server.release()
    renderChat()

    await user.click(await screen.findByRole('button', { name: 'Remove condition: Country is "USA"' }))
    await waitFor(() => expect(shownFigure()).toBe('10'))
    expect(server.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ plan: {} })
    expect(screen.getByText(CHAT_MESSAGES.noCriteria)).toBeTruthy()
  })

  it('shows a follow-up’s merged answer as the latest, and the earlier answer can be opened again', async () => {
    const user = userEvent.setup({ delay: null })
    const merged = answerMessage('a2', 'Only those in Boston', {
      method: 'plan_merge',
      plan: { where: { all: [inUsa.where!, { column: 'City', op: 'equals', value: 'Boston' }] } },
      data: { count: 2 },
    })
    const server = chatServer({ question: questionMessage('q2', 'Only those in Boston'), answer: merged, remainingCredits: 84 })
    renderChat()
    await waitFor(() => expect(shownFigure()).toBe('3'))

    await user.type(screen.getByRole('textbox', { name: CHAT_MESSAGES.inputLabel }), 'Only those in Boston{Enter}')
    const log = screen.getByRole('log', { name: CHAT_MESSAGES.conversationLabel })
    expect(await within(log).findByText(CHAT_MESSAGES.thinking)).toBeTruthy()
    expect(within(log).getByText('Only those in Boston')).toBeTruthy()
    expect(server.calls.find((call) => call.method === 'POST')).toMatchObject({ path: '/api/uploads/u1/chat', body: { query: 'Only those in Boston', source: 'chat' } })

    server.release()
    await waitFor(() => expect(shownFigure()).toBe('2'))
    expect(criteria()).toEqual(['Country is "USA"', 'City is "Boston"'])
    expect(within(log).queryByText(CHAT_MESSAGES.thinking)).toBeNull()
    expect(within(log).getAllByText(CHAT_MESSAGES.answerShown)).toHaveLength(1)

    await user.click(within(log).getByRole('button', { name: CHAT_MESSAGES.showAnswerLabel('Who is in the USA?') }))
    expect(shownFigure()).toBe('3')
    expect(criteria()).toEqual(['Country is "USA"'])
    expect(within(log).getByRole('button', { name: CHAT_MESSAGES.showAnswerLabel('Only those in Boston') })).toBeTruthy()
  })
})
