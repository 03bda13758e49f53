import { APICallError } from 'ai'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AI_FIELD_MESSAGES } from '#common/messages'
import type { FakeAiServer } from '#server/test/fake-ai-server'
import { startFakeProviderEnv } from '#server/test/fake-provider-env'
import type { AiCredentials } from './ai-credentials.ts'
import { askForObject } from './ask-for-object.ts'
import { classifyCallFailure, retryAfterMs } from './call-failure.ts'
import { callModel } from './call-model.ts'
import { callTuning, retryClock, retryDelayMs } from './retry-policy.ts'

let fake: FakeAiServer
let credentials: AiCredentials

beforeAll(async () => {
  ;({ fake, credentials } = await startFakeProviderEnv())
})
afterAll(() => fake.stop())

const providerError = (statusCode: number, responseHeaders?: Record<string, string>) =>
  new APICallError({ message: 'Bad things', url: 'http://provider/v1', requestBodyValues: {}, statusCode, responseHeaders })

describe('the failure classifier', () => {
  it("reads a provider's Retry-After in seconds, as an HTTP date, or in milliseconds", () => {
    const now = Date.parse('2026-11-27T20:00:00Z')
    expect(retryAfterMs({ 'Retry-After': '2' }, now)).toBe(2_000)
    expect(retryAfterMs({ 'retry-after': new Date(now + 3_000).toUTCString() }, now)).toBe(3_000)
    expect(retryAfterMs({ 'retry-after-ms': '150', 'retry-after': '9' }, now)).toBe(150)
    expect(retryAfterMs({ 'retry-after': 'soon' }, now)).toBeNull()
    expect(retryAfterMs(undefined, now)).toBeNull()
  })

  it('retries rate limits, timeouts and server errors, and neither a bad request nor a refused key', () => {
    expect(classifyCallFailure(providerError(429, { 'retry-after': '2' }))).toEqual({ retryable: true, message: AI_FIELD_MESSAGES.providerUnavailable, waitMs: 2_000 })
    expect(classifyCallFailure(providerError(503))).toMatchObject({ retryable: true, message: AI_FIELD_MESSAGES.providerUnavailable })
    expect(classifyCallFailure(providerError(408))).toMatchObject({ retryable: true })
    expect(classifyCallFailure(new DOMException('slow', 'TimeoutError'))).toMatchObject({ retryable: true, message: AI_FIELD_MESSAGES.providerTimeout })
    expect(classifyCallFailure(providerError(401))).toMatchObject({ retryable: false, message: AI_FIELD_MESSAGES.providerRejectedKey })
    expect(classifyCallFailure(providerError(400))).toMatchObject({ retryable: false, message: 'The AI provider refused the request (400): Bad things' })
  })

  it("cuts a provider's very long wait to the cap", () => {
    expect(retryDelayMs(1, 2_000)).toBe(2_000)
    expect(retryDelayMs(1, 3_600_000)).toBe(callTuning.retryAfterMaxMs)
  })
})

describe("the one retry policy, on the AI runs' path and on chat's", () => {
  const waits: number[] = []
  const realSleep = retryClock.sleep
  beforeEach(() => {
    waits.length = 0
    retryClock.sleep = async (ms) => {
      waits.push(ms)
    }
  })
  afterEach(() => {
    retryClock.sleep = realSleep
  })

  const cell = () => callModel({ credentials, fixedPart: 'Fixed instructions', rowPart: 'Row', outputType: { kind: 'number' } })
  const object = () => askForObject({ credentials, system: 'Answer with n.', user: 'What is n?', schema: z.object({ n: z.number() }), name: 'test_answer' })

  it('waits the 2 s a 429 asks for before trying a cell again', async () => {
    fake.reset({ retryAfterSeconds: 2, answer: () => ({ reasoning: 'r', confidence: 1, value: 7 }) })
    fake.failNext.push(429)
    expect(await cell()).toMatchObject({ ok: true, answer: { value: 7 }, calls: 2 })
    expect(waits).toEqual([2_000])
    expect(fake.calls.map((c) => c.status)).toEqual([429, 200])
  })

  it("waits the 2 s a 429 asks for before trying chat's question again", async () => {
    fake.reset({ retryAfterSeconds: 2, answer: () => ({ n: 7 }) })
    fake.failNext.push(429)
    expect(await object()).toEqual({ ok: true, value: { n: 7 } })
    expect(waits).toEqual([2_000])
    expect(fake.calls.map((c) => c.status)).toEqual([429, 200])
  })

  it('does not hold a question or a prompt test while the provider asks for a minute: it fails now, with the same message', async () => {
    const testCell = () => callModel({ credentials, fixedPart: 'Fixed instructions', rowPart: 'Row', outputType: { kind: 'number' }, interactive: true })
    fake.reset({ retryAfterSeconds: 60, answer: () => ({ n: 7 }) })
    fake.failNext.push(429)
    expect(await object()).toEqual({ ok: false, error: AI_FIELD_MESSAGES.providerUnavailable })
    fake.reset({ retryAfterSeconds: 60, answer: () => ({ reasoning: 'r', confidence: 1, value: 7 }) })
    fake.failNext.push(429)
    expect(await testCell()).toMatchObject({ ok: false, error: AI_FIELD_MESSAGES.providerUnavailable, calls: 1 })
    expect(waits).toEqual([])
    // A background run waits for it.
    fake.reset({ retryAfterSeconds: 60, answer: () => ({ reasoning: 'r', confidence: 1, value: 7 }) })
    fake.failNext.push(429)
    expect(await cell()).toMatchObject({ ok: true, calls: 2 })
    expect(waits).toEqual([60_000])
  })

  it('does not retry a bad request on either path, and both say the same', async () => {
    fake.reset({ answer: () => ({ reasoning: 'r', confidence: 1, value: 7 }) })
    fake.failNext.push(400)
    const cellResult = await cell()
    expect(cellResult).toMatchObject({ ok: false, calls: 1 })
    fake.reset({ answer: () => ({ n: 7 }) })
    fake.failNext.push(400)
    const objectResult = await object()
    expect(objectResult.ok).toBe(false)
    expect(fake.calls).toHaveLength(1)
    expect(waits).toEqual([])
    if (cellResult.ok || objectResult.ok) throw new Error('expected failures')
    expect(cellResult.error).toMatch(/^The AI provider refused the request \(400\)/)
    expect(objectResult.error).toBe(cellResult.error)
  })

  it('gives up on both paths after the same attempts, with the same message', async () => {
    fake.reset({ retryAfterSeconds: 0 })
    fake.failNext.push(...Array(callTuning.maxAttempts).fill(503))
    const cellResult = await cell()
    expect(cellResult).toMatchObject({ ok: false, error: AI_FIELD_MESSAGES.providerUnavailable, calls: callTuning.maxAttempts })
    fake.reset({ retryAfterSeconds: 0 })
    fake.failNext.push(...Array(callTuning.maxAttempts).fill(503))
    expect(await object()).toEqual({ ok: false, error: AI_FIELD_MESSAGES.providerUnavailable })
    expect(fake.calls).toHaveLength(callTuning.maxAttempts)
    expect(waits).toHaveLength(2 * (callTuning.maxAttempts - 1))
  })
})
