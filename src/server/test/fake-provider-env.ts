import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadEnv, setEnv } from '#server/env'
import type { AiCredentials } from '#server/modules/ai/ai-credentials'
import { startFakeAiServer, type FakeAiServer } from './fake-ai-server.ts'

/**
 * For tests of the AI calls without the app: a test environment (four calls at a time) and the
 * fake provider, with the credentials a configured OpenAI-compatible provider resolves to.
 */
export async function startFakeProviderEnv(): Promise<{ fake: FakeAiServer; credentials: AiCredentials }> {
  setEnv(loadEnv({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'rowcraft-ai-')), APP_SECRET: 'x'.repeat(40), AI_CONCURRENCY: '4' }))
  const fake = await startFakeAiServer()
  return { fake, credentials: { provider: 'openai_compatible', apiKey: 'sk-test', baseURL: fake.openaiBaseURL, model: 'fake-model', ownKey: false, userBaseURL: false } }
}
