import { mkdtempSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadEnv, setEnv } from '../../src/server/env.ts'
import { callModel } from '../../src/server/modules/ai/call-model.ts'
import { startLeanProvider, type LeanProvider } from './lean-provider.ts'

let lean: LeanProvider

beforeAll(async () => {
  setEnv(loadEnv({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'rowcraft-lean-')), APP_SECRET: 'x'.repeat(40), AI_CONCURRENCY: '8' }))
  lean = await startLeanProvider()
})
afterAll(() => lean.stop())

/** Writes raw bytes on one connection and collects what comes back until `responses` status lines arrived. */
function exchange(parts: string[], responses: number) {
  const { port } = new URL(lean.openaiBaseURL)
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1')
    let received = ''
    socket.on('data', (chunk) => {
      received += chunk.toString()
      if ((received.match(/HTTP\/1\.1 \d{3}/g) ?? []).length >= responses) {
        socket.destroy()
        resolve(received)
      }
    })
    socket.on('error', reject)
    socket.on('connect', async () => {
      for (const part of parts) {
        socket.write(part)
        await new Promise((r) => setTimeout(r, 5))
      }
    })
  })
}

const request = (body: string) =>
  `POST /v1/chat/completions HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`

describe('the lean provider of the fast enrichment bench', () => {
  it('answers the AI SDK with values that fit the requested type, with usage', async () => {
    lean.reset({ latencyMs: 1 })
    const credentials = { provider: 'openai_compatible' as const, apiKey: 'sk-bench', baseURL: lean.openaiBaseURL, model: 'fake-model', ownKey: false, userBaseURL: false }
    const number = await callModel({ credentials, fixedPart: 'Count the staff.', rowPart: 'Row values: {"Company":"Acme"}', outputType: { kind: 'number' } })
    const choice = await callModel({
      credentials,
      fixedPart: 'Pick a size.',
      rowPart: 'Row values: {"Company":"Beta"}',
      outputType: { kind: 'choice', choices: ['small', 'large'] },
    })
    expect(number).toMatchObject({ ok: true, calls: 1 })
    expect(choice).toMatchObject({ ok: true, calls: 1 })
    if (!number.ok || !choice.ok) throw new Error('expected answers')
    expect(typeof number.answer.value).toBe('number')
    expect(['small', 'large']).toContain(choice.answer.value)
    expect(number.tokens.input).toBeGreaterThan(0)
    expect(lean.answered).toBe(2)
  })

  it('reads requests split over several packets and several requests in one packet', async () => {
    lean.reset({ latencyMs: 0 })
    const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'Hello' }] })
    const whole = request(body)
    const split = await exchange([whole.slice(0, 20), whole.slice(20, whole.length - 3), whole.slice(whole.length - 3)], 1)
    expect(split).toMatch(/^HTTP\/1\.1 200 OK/)
    const joined = await exchange([whole + whole], 2)
    expect(joined.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2)
    expect(lean.answered).toBe(3)
  })

  it('refuses what it does not serve: another route, a body of unknown length, a body that is not JSON', async () => {
    const other = await exchange(['GET /v1/models HTTP/1.1\r\nhost: x\r\n\r\n'], 1)
    expect(other).toMatch(/^HTTP\/1\.1 404/)
    const chunked = await exchange(['POST /v1/chat/completions HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n'], 1)
    expect(chunked).toMatch(/^HTTP\/1\.1 411/)
    const notJson = await exchange([request('{nope')], 1)
    expect(notJson).toMatch(/^HTTP\/1\.1 400/)
  })
})
