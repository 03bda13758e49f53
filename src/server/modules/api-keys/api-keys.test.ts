import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { InferRequestType } from 'hono/client'
import { API_KEY_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { userApiKeys } from '#server/db/schema/index'
import { env } from '#server/env'
import { startFakeAiServer, type FakeAiServer } from '#server/test/fake-ai-server'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { getActiveAiKeys } from './api-keys.service.ts'

let t: TestApp
let fake: FakeAiServer
beforeAll(async () => {
  fake = await startFakeAiServer()
  t = await createTestApp({
    OPENAI_BASE_URL: `${fake.url}/v1`,
    ANTHROPIC_BASE_URL: `${fake.url}/v1`,
    PERPLEXITY_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-platform-secret-key',
    AI_MODEL: 'gpt-4o-mini',
    // The fake provider listens on 127.0.0.1, as a self-hoster's Ollama would.
    ALLOW_PRIVATE_AI_URLS: 'true',
  })
})
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})
beforeEach(() => {
  fake.calls.length = 0
  fake.failNext.length = 0
  fake.options.isValidKey = (key) => !key.includes('invalid')
})

const PPLX_KEY = 'pplx-abcdefghijklmnopqrstuvwxyz1234'

async function settings(browser: TestBrowser) {
  const res = await browser.api['api-keys'].$get()
  expect(res.status).toBe(200)
  return res.json()
}

/** Any body, the malformed ones included: a plain request. */
async function save(browser: TestBrowser, body: Record<string, unknown>) {
  return browser.post('/api/api-keys', body)
}

async function saved(browser: TestBrowser, json: InferRequestType<TestBrowser['api']['api-keys']['$post']>['json']) {
  const res = await browser.api['api-keys'].$post({ json })
  expect(res.status).toBe(201)
  return res.json()
}

function setPreference(browser: TestBrowser, prefer: boolean) {
  return browser.api['api-keys'].preference.$put({ json: { prefer_api_key: prefer } })
}

describe('API keys', () => {
  it('checks a Perplexity key with a one-token call, stores it encrypted and shows only its last four characters', async () => {
    const { browser } = await t.signUpVerified()
    const summary = await saved(browser, { provider: 'perplexity', api_key: PPLX_KEY })
    expect(summary).toMatchObject({ provider: 'perplexity', last_four: '1234', is_active: true, base_url: null })

    expect(fake.calls).toHaveLength(1)
    expect(fake.calls[0]).toMatchObject({ path: '/chat/completions', apiKey: PPLX_KEY, model: 'sonar' })

    const [row] = await db.select().from(userApiKeys).where(eq(userApiKeys.id, summary.id))
    expect(row!.encryptedKey).toMatch(/^v1\./)
    expect(row!.encryptedKey).not.toContain('abcdefghijklmnop')

    const listed = await settings(browser)
    expect(JSON.stringify(listed)).not.toContain('abcdefghijklmnop')
    expect(listed).toMatchObject({ has_active_key: true, prefer_api_key: false, using_own_key: false })
    expect(listed.keys).toEqual([expect.objectContaining({ id: summary.id, last_four: '1234' })])
  })

  it("refuses a blank key and a Perplexity key without 'pplx-' before calling anyone", async () => {
    const { browser } = await t.signUpVerified()
    const blank = await save(browser, { provider: 'perplexity', api_key: '   ' })
    expect(blank.status).toBe(422)
    expect((await errorOf(blank)).message).toContain('Please enter a valid API key')
    const wrongPrefix = await save(browser, { provider: 'perplexity', api_key: 'sk-1234567890' })
    expect(wrongPrefix.status).toBe(422)
    expect((await errorOf(wrongPrefix)).message).toContain("Perplexity API keys should start with 'pplx-'.")
    expect(fake.calls).toHaveLength(0)
    expect((await settings(browser)).keys).toEqual([])
  })

  it('refuses a key the provider rejects and stores nothing', async () => {
    const { browser } = await t.signUpVerified()
    for (const body of [
      { provider: 'perplexity', api_key: 'pplx-invalid-0000' },
      { provider: 'openai', api_key: 'sk-invalid-0000' },
      { provider: 'anthropic', api_key: 'sk-ant-invalid-0000' },
    ]) {
      const res = await save(browser, body)
      expect(res.status).toBe(422)
      expect((await errorOf(res)).message).toBe('The provided API key is not valid. Please check and try again.')
    }
    expect(fake.calls.map((c) => c.path)).toEqual(['/chat/completions', '/v1/chat/completions', '/v1/messages'])
    expect((await settings(browser)).keys).toEqual([])
  })

  it('counts a 400 answer as a valid key, and says to try again when the provider fails or rate-limits', async () => {
    const { browser } = await t.signUpVerified()
    fake.failNext.push(400)
    expect((await save(browser, { provider: 'openai', api_key: 'sk-test-400-ok-7777' })).status).toBe(201)

    fake.failNext.push(500, 429)
    for (let i = 0; i < 2; i += 1) {
      const res = await save(browser, { provider: 'anthropic', api_key: 'sk-ant-good-key-9999' })
      expect(res.status).toBe(400)
      expect((await errorOf(res)).message).toMatch(/^Could not reach Anthropic to check the key/)
    }
    expect((await settings(browser)).keys.map((k) => k.provider)).toEqual(['openai'])
  })

  it('saves an OpenAI-compatible server with its base URL and model, and refuses unsafe or unreachable ones', async () => {
    const { browser } = await t.signUpVerified()
    const summary = await saved(browser, { provider: 'openai_compatible', base_url: `${fake.url}/v1/`, model: 'llama3.1', api_key: 'ollama' })
    expect(summary).toMatchObject({ base_url: `${fake.url}/v1`, model: 'llama3.1', last_four: 'lama' })
    expect(fake.calls[0]).toMatchObject({ path: '/v1/chat/completions', model: 'llama3.1', apiKey: 'ollama' })
    const userId = await t.userIdOf(browser)
    expect((await getActiveAiKeys({ userId })).keys).toEqual([
      { provider: 'openai_compatible', apiKey: 'ollama', baseURL: `${fake.url}/v1`, model: 'llama3.1' },
    ])

    const missing = await save(browser, { provider: 'openai_compatible', api_key: 'x' })
    expect(missing.status).toBe(422)
    const metadata = await save(browser, { provider: 'openai_compatible', base_url: 'http://169.254.169.254/v1', model: 'm' })
    expect(metadata.status).toBe(422)
    const unreachable = await save(browser, { provider: 'openai_compatible', base_url: 'http://127.0.0.1:9/v1', model: 'm' })
    expect(unreachable.status).toBe(400)
    expect((await errorOf(unreachable)).message).toMatch(/^Could not reach OpenAI-compatible server/)
  })

  it('refuses a base URL at a private, local or mapped address when the operator does not allow them, and metadata addresses always', async () => {
    const { browser } = await t.signUpVerified()
    const metadata = await save(browser, { provider: 'openai_compatible', base_url: 'http://169.254.169.254/v1', model: 'm', api_key: 'k' })
    expect([metadata.status, (await errorOf(metadata)).message]).toEqual([422, API_KEY_MESSAGES.baseUrlReserved])
    env.ALLOW_PRIVATE_AI_URLS = false
    try {
      for (const host of [fake.url, fake.url.replace('127.0.0.1', 'localhost'), fake.url.replace('127.0.0.1', '[::ffff:127.0.0.1]'), 'http://10.0.0.7:11434', 'http://[fd00::1]:8000']) {
        const res = await save(browser, { provider: 'openai_compatible', base_url: `${host}/v1`, model: 'llama3.1', api_key: 'ollama' })
        expect([res.status, await errorOf(res)], host).toEqual([
          422,
          { code: 'VALIDATION_FAILED', message: API_KEY_MESSAGES.baseUrlPrivate, details: [{ path: ['base_url'], message: API_KEY_MESSAGES.baseUrlPrivate }] },
        ])
      }
      // Refused before any call: the server never reached the address.
      expect(fake.calls).toHaveLength(0)
      expect((await settings(browser)).keys).toEqual([])
    } finally {
      env.ALLOW_PRIVATE_AI_URLS = true
    }
  })

  it('replaces the key when the same provider is saved again', async () => {
    const { browser } = await t.signUpVerified()
    await saved(browser, { provider: 'openai', api_key: 'sk-first-key-aaaa' })
    await saved(browser, { provider: 'openai', api_key: 'sk-second-key-bbbb' })
    const listed = await settings(browser)
    expect(listed.keys.map((k) => k.last_four)).toEqual(['bbbb'])
    const userId = await t.userIdOf(browser)
    expect((await getActiveAiKeys({ userId })).keys).toEqual([
      { provider: 'openai', apiKey: 'sk-second-key-bbbb', baseURL: null, model: null },
    ])
  })

  it('turns the own-key preference on only with an active key, and removing the key turns it off and erases it', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    const userId = await t.userIdOf(browser)
    const refused = await setPreference(browser, true)
    expect(refused.status).toBe(409)

    const key = await saved(browser, { provider: 'perplexity', api_key: PPLX_KEY })
    const on = await setPreference(browser, true)
    expect(on.status).toBe(200)
    expect(await on.json()).toMatchObject({ prefer_api_key: true, using_own_key: true })
    expect(await getActiveAiKeys({ userId })).toEqual({
      preferOwnKey: true,
      keys: [{ provider: 'perplexity', apiKey: PPLX_KEY, baseURL: null, model: null }],
    })
    const status = await (await browser.api.billing.subscription.$get()).json()
    expect(status).toMatchObject({ has_api_key: true, prefer_api_key: true })

    const removed = await browser.request(`/api/api-keys/${key.id}`, { method: 'DELETE' })
    expect(removed.status).toBe(200)
    expect(await removed.json()).toMatchObject({ keys: [], has_active_key: false, prefer_api_key: false, using_own_key: false })
    const [row] = await db.select().from(userApiKeys).where(eq(userApiKeys.id, key.id))
    expect(row).toMatchObject({ isActive: false, encryptedKey: null })
    expect(await getActiveAiKeys({ userId })).toEqual({ preferOwnKey: false, keys: [] })
    expect((await browser.request(`/api/api-keys/${key.id}`, { method: 'DELETE' })).status).toBe(404)
  })

  it('keeps the preference while another active key remains', async () => {
    const { browser } = await t.signUpVerified()
    const openai = await saved(browser, { provider: 'openai', api_key: 'sk-keep-1111' })
    await saved(browser, { provider: 'anthropic', api_key: 'sk-ant-keep-2222' })
    await setPreference(browser, true)
    await browser.request(`/api/api-keys/${openai.id}`, { method: 'DELETE' })
    expect(await settings(browser)).toMatchObject({ prefer_api_key: true, using_own_key: true, keys: [expect.objectContaining({ provider: 'anthropic' })] })
  })

  it("keeps another user's keys invisible and unremovable by id", async () => {
    const { browser: owner } = await t.signUpVerified()
    const { browser: other } = await t.signUpVerified()
    const key = await saved(owner, { provider: 'perplexity', api_key: PPLX_KEY })

    expect((await settings(other)).keys).toEqual([])
    const theirs = await other.request(`/api/api-keys/${key.id}`, { method: 'DELETE' })
    expect(theirs.status).toBe(404)
    // A malformed id names no key either: the same 404, not a validation error.
    const malformed = await other.request('/api/api-keys/not-a-uuid', { method: 'DELETE' })
    expect(malformed.status).toBe(404)
    expect(await errorOf(malformed)).toEqual(await errorOf(theirs))
    expect((await setPreference(other, true)).status).toBe(409)
    expect(await getActiveAiKeys({ userId: await t.userIdOf(other) })).toEqual({ preferOwnKey: false, keys: [] })
    expect((await settings(owner)).keys).toEqual([expect.objectContaining({ id: key.id })])
  })

  it("leaves out a key whose ciphertext was moved to another user's row", async () => {
    const { browser: a } = await t.signUpVerified()
    const { browser: b } = await t.signUpVerified()
    const keyA = await saved(a, { provider: 'openai', api_key: 'sk-user-a-key-aaaa' })
    const keyB = await saved(b, { provider: 'openai', api_key: 'sk-user-b-key-bbbb' })
    const [rowA] = await db.select().from(userApiKeys).where(eq(userApiKeys.id, keyA.id))
    await db.update(userApiKeys).set({ encryptedKey: rowA!.encryptedKey }).where(eq(userApiKeys.id, keyB.id))
    expect((await getActiveAiKeys({ userId: await t.userIdOf(b) })).keys).toEqual([])
  })

  it('describes the platform configuration without any secret', async () => {
    const { browser } = await t.signUpVerified()
    const listed = await settings(browser)
    expect(listed.platform).toEqual({
      providers: { openai: true, anthropic: false, perplexity: false },
      custom_base_url: true,
      model: 'gpt-4o-mini',
      web_model: null,
    })
    expect(JSON.stringify(listed)).not.toContain('sk-platform-secret-key')
    expect((await t.browser().request('/api/api-keys')).status).toBe(401)
  })
})
