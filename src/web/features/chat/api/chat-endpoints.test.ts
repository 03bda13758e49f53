import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubFetchAnswer } from '#web/test/stub-fetch'
import { ApiError } from '#web/lib/api-client'
import { answerFromJudgment } from './answer-from-judgment'
import { askChat } from './ask-chat'
import { clearChat } from './clear-chat'
import { createJudgmentColumn } from './create-judgment-column'
import { getChatThread } from './get-chat-thread'
import { updateChatAnswer } from './update-chat-answer'

afterEach(() => {
  vi.unstubAllGlobals()
})

const callOf = (fetch: ReturnType<typeof stubFetchAnswer>) => {
  const [url, init] = fetch.mock.calls[0]!
  return { path: new URL(url, 'http://x').pathname, method: init?.method ?? 'GET', body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined }
}

describe('the chat endpoints on the typed client', () => {
  it('reads the conversation and asks a question as chat or as the AI search panel', async () => {
    let fetch = stubFetchAnswer(200, { messages: [] })
    await getChatThread('u1')
    expect(callOf(fetch)).toEqual({ path: '/api/uploads/u1/chat', method: 'GET', body: undefined })

    fetch = stubFetchAnswer(200, { question: {}, answer: {}, remainingCredits: 92 })
    await askChat('u1', { query: 'Who is in Berlin?', source: 'search' })
    expect(callOf(fetch)).toEqual({ path: '/api/uploads/u1/chat', method: 'POST', body: { query: 'Who is in Berlin?', source: 'search' } })
  })

  it('re-runs an answer with edited conditions, and makes and answers from a judgment column', async () => {
    const plan = { where: { column: 'Country', op: 'equals' as const, value: 'USA' } }
    let fetch = stubFetchAnswer(200, { id: 'm1' })
    await updateChatAnswer('u1', { messageId: 'm1', plan })
    expect(callOf(fetch)).toEqual({ path: '/api/uploads/u1/chat/messages/m1', method: 'PATCH', body: { plan } })

    fetch = stubFetchAnswer(200, { id: 'm1' })
    await createJudgmentColumn('u1', 'm1')
    expect(callOf(fetch)).toMatchObject({ path: '/api/uploads/u1/chat/messages/m1/judgment', method: 'POST' })

    fetch = stubFetchAnswer(200, { id: 'm1' })
    await answerFromJudgment('u1', 'm1')
    expect(callOf(fetch)).toMatchObject({ path: '/api/uploads/u1/chat/messages/m1/judgment/answer', method: 'POST' })

    fetch = stubFetchAnswer(200, { cleared: true })
    await clearChat('u1')
    expect(callOf(fetch)).toMatchObject({ path: '/api/uploads/u1/chat', method: 'DELETE' })
  })

  it('throws the server’s refusal with its status and message', async () => {
    stubFetchAnswer(402, { error: { code: 'PAYMENT_REQUIRED', message: 'AI Chat requires 8 credits. You have 3 remaining.' } })
    const error = await askChat('u1', { query: 'How many?' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 402, message: 'AI Chat requires 8 credits. You have 3 remaining.' })
  })
})
