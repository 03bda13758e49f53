import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AI } from '#common/constants'
import { AI_FIELD_MESSAGES } from '#common/messages'
import { env } from '#server/env'
import type { FakeAiServer } from '#server/test/fake-ai-server'
import { startFakeProviderEnv } from '#server/test/fake-provider-env'
import { until } from '#server/test/until'
import type { AiCredentials } from './ai-credentials.ts'
import { callModel } from './call-model.ts'
import { callTuning } from './retry-policy.ts'

let fake: FakeAiServer
let credentials: AiCredentials

beforeAll(async () => {
  ;({ fake, credentials } = await startFakeProviderEnv())
  callTuning.backoffBaseMs = 5
})
afterAll(() => fake.stop())
beforeEach(() => fake.reset({}))

const fixedPart = 'Fixed instructions'
const call = (rowPart: string, outputType: Parameters<typeof callModel>[0]['outputType'] = { kind: 'number' }) =>
  callModel({ credentials, fixedPart, rowPart, outputType })

describe('callModel against an OpenAI-compatible server', () => {
  it('asks for the answer schema and reads a typed value with usage and cached tokens', async () => {
    fake.options.answer = () => ({ reasoning: 'counted', confidence: 0.8, value: 42 })
    const first = await call('Row values: {"Company":"Acme"}')
    const second = await call('Row values: {"Company":"Beta"}')
    expect(first).toMatchObject({ ok: true, answer: { value: 42, reasoning: 'counted', confidence: 0.8 }, calls: 1 })
    expect(fake.calls[0]!.schema?.properties).toHaveProperty('value')
    expect(fake.calls[0]!.messages.map((m) => m.role)).toEqual(['system', 'user'])
    expect(fake.calls[0]!.path).toBe('/v1/chat/completions')
    if (!first.ok || !second.ok) throw new Error('expected answers')
    expect(first.tokens.input).toBeGreaterThan(0)
    // The same fixed part again: the provider reports it as cached.
    expect(second.tokens.cached).toBeGreaterThan(0)
  })

  it('reads an Anthropic answer with its cache mark on the fixed part', async () => {
    fake.options.answer = () => ({ reasoning: 'looked it up', confidence: 0.9, value: 12 })
    const anthropic: AiCredentials = { provider: 'anthropic', apiKey: 'sk-ant-test', baseURL: fake.openaiBaseURL, model: 'claude-test', ownKey: false, userBaseURL: false }
    await callModel({ credentials: anthropic, fixedPart, rowPart: 'Row A', outputType: { kind: 'number' } })
    const second = await callModel({ credentials: anthropic, fixedPart, rowPart: 'Row B', outputType: { kind: 'number' } })
    expect(second).toMatchObject({ ok: true, answer: { value: 12, reasoning: 'looked it up', confidence: 0.9 }, calls: 1 })
    expect(fake.calls[0]!.path).toBe('/v1/messages')
    expect(fake.calls[0]!.messages.map((m) => m.role)).toEqual(['system', 'user'])
    if (second.ok) expect(second.tokens.cached).toBeGreaterThan(0)
  })

  it('retries a 429 after its Retry-After and a 500, then answers', async () => {
    fake.reset({ retryAfterSeconds: 0.2, answer: () => ({ reasoning: 'r', confidence: 1, value: 7 }) })
    fake.failNext.push(429, 500)
    const started = Date.now()
    const result = await call('Row values: {}')
    expect(result).toMatchObject({ ok: true, answer: { value: 7 }, calls: 3 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
    expect(fake.calls.map((c) => c.status)).toEqual([429, 500, 200])
  })

  it('gives up after the last attempt with a plain message', async () => {
    fake.reset({})
    fake.failNext.push(500, 500, 500, 500, 500)
    const result = await call('Row values: {}')
    expect(result).toMatchObject({ ok: false, calls: callTuning.maxAttempts })
    expect(fake.calls).toHaveLength(callTuning.maxAttempts)
  })

  it('abandons a call slower than the timeout, retries it, and says the provider timed out', async () => {
    const saved = callTuning.timeoutMs
    callTuning.timeoutMs = 100
    try {
      fake.reset({ latencyMs: 400, answer: () => ({ reasoning: 'r', confidence: 1, value: 7 }) })
      const result = await call('Row values: {}')
      expect(result).toMatchObject({ ok: false, error: AI_FIELD_MESSAGES.providerTimeout, calls: callTuning.maxAttempts })
    } finally {
      callTuning.timeoutMs = saved
      // The abandoned calls still end on the fake: they must not answer the next test's calls.
      await until('the abandoned calls to end', () => fake.inFlight, (n) => n === 0, 2_000)
    }
  })

  it('retries a provider that refuses connections, then says it is unavailable', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    const result = await callModel({ credentials: { ...credentials, baseURL: `http://127.0.0.1:${port}/v1` }, fixedPart, rowPart: 'x', outputType: { kind: 'text' } })
    expect(result).toMatchObject({ ok: false, error: AI_FIELD_MESSAGES.providerUnavailable, calls: callTuning.maxAttempts })
  })

  it('does not retry a refused key', async () => {
    const result = await callModel({ credentials: { ...credentials, apiKey: 'bad-key' }, fixedPart, rowPart: 'x', outputType: { kind: 'text' } })
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('refused the API key'), calls: 1 })
  })

  it('repairs an answer that does not fit the type once', async () => {
    let n = 0
    fake.reset({ answer: () => (++n === 1 ? { reasoning: 'r', confidence: 0.5, value: 'maybe' } : { reasoning: 'r', confidence: 0.5, value: 'Yes' }) })
    const result = await call('Row', { kind: 'choice', choices: ['Yes', 'No'] })
    expect(result).toMatchObject({ ok: true, answer: { value: 'Yes' }, calls: 2 })
    expect(fake.calls[1]!.messages.at(-1)!.content).toContain('is not one of the choices')
  })

  it('fails a cell whose repaired answer still does not fit', async () => {
    fake.reset({ answer: () => ({ reasoning: 'r', confidence: 0.5, value: 'not a number' }) })
    const result = await call('Row')
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('did not fit'), calls: 2 })
  })

  it('repairs a reply that is no JSON object, for every output type, and keeps the repaired answer', async () => {
    const prose = 'Sure! The answer is probably something like that.'
    const cases = [
      { output: { kind: 'text' as const }, value: 'Acme Corp' },
      { output: { kind: 'number' as const }, value: 42 },
      { output: { kind: 'boolean' as const }, value: true },
      { output: { kind: 'choice' as const, choices: ['Yes', 'No'] }, value: 'No' },
      { output: { kind: 'url' as const }, value: 'https://acme.com/' },
      { output: { kind: 'email' as const }, value: 'ada@acme.com' },
      { output: { kind: 'json' as const, fields: [{ name: 'ceo', type: 'text' as const }] }, value: { ceo: 'Ada' } },
    ]
    for (const { output, value } of cases) {
      let n = 0
      fake.reset({ answer: () => (++n === 1 ? prose : { reasoning: 'r', confidence: 0.7, value }) })
      const result = await call('Row', output)
      expect(result, output.kind).toMatchObject({ ok: true, answer: { value, reasoning: 'r', confidence: 0.7 }, calls: 2 })
      expect(fake.calls[1]!.messages.at(-1)!.content).toContain('not the JSON object asked for')
    }
  })

  it('never takes prose on both attempts as a value', async () => {
    fake.reset({ answer: () => 'Sure! The answer is probably something like that.' })
    for (const output of [{ kind: 'text' as const }, { kind: 'number' as const }, { kind: 'choice' as const, choices: ['Yes', 'No'] }]) {
      const result = await call('Row', output)
      expect(result, output.kind).toMatchObject({ ok: false, error: expect.stringContaining('did not fit'), calls: 2 })
    }
  })

  it('reads a bare value from a model without a JSON mode only after the repair, with a low confidence that says so', async () => {
    fake.reset({ answer: () => '12' })
    const result = await call('Row', { kind: 'number' })
    expect(result).toMatchObject({ ok: true, answer: { value: 12, confidence: AI.bareAnswerConfidence, reasoning: AI_FIELD_MESSAGES.bareAnswerReasoning }, calls: 2 })
  })

  it("calls a user's own base URL through the guarded client: a private address is refused at call time, once, unless allowed", async () => {
    const own: AiCredentials = { ...credentials, ownKey: true, userBaseURL: true }
    const refused = await callModel({ credentials: own, fixedPart, rowPart: 'Row', outputType: { kind: 'number' } })
    expect(refused).toMatchObject({ ok: false, error: AI_FIELD_MESSAGES.providerAddressRefused, calls: 1 })
    expect(fake.calls).toHaveLength(0)
    env.ALLOW_PRIVATE_AI_URLS = true
    try {
      fake.reset({ answer: () => ({ reasoning: 'r', confidence: 1, value: 3 }) })
      expect(await callModel({ credentials: { ...own }, fixedPart, rowPart: 'Row', outputType: { kind: 'number' } })).toMatchObject({ ok: true, answer: { value: 3 } })
    } finally {
      env.ALLOW_PRIVATE_AI_URLS = false
    }
    // The operator's own base URL (OPENAI_BASE_URL) is trusted: the same address answers.
    expect(await call('Row')).toMatchObject({ ok: true })
  })

  it('reads a streamed answer the same way (the fake speaks SSE too)', async () => {
    const res = await fetch(`${fake.openaiBaseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-test', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] }),
    })
    const text = await res.text()
    expect(text.trim().endsWith('data: [DONE]')).toBe(true)
    expect(text).toContain('"usage"')
  })
})
