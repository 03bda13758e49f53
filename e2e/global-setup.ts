import { FakeAiServer } from '../src/server/test/fake-ai-server.ts'
import { startFakeSource } from '../src/server/test/fake-http-source.ts'
import { FAKE_AI_LATENCY_MS, FAKE_AI_PORT, FAKE_SOURCE_PORT, FAKE_AI_SLOW_LATENCY_MS, FAKE_AI_SLOW_MARKER, fakeChatAnswer, fakeCorrectionsAnswer, fakeFormulaAnswer } from './support/fake-ai.ts'

/**
 * The AI provider of the browser tests: the project's fake OpenAI-compatible server on a fixed
 * port (FAKE_AI_PORT), which the e2e server reaches through OPENAI_BASE_URL. A short latency lets
 * a journey see cells queued and running before they fill in; a prompt with FAKE_AI_SLOW_MARKER
 * is answered slowly. Magic Chat's calls get the plans of FAKE_CHAT_PLANS, formula suggestions FAKE_FORMULA_SUGGESTIONS, calls with a column's examples `fakeCorrectionsAnswer`; every other call the
 * fake's own answer fitting the schema asked for.
 */
export default async function globalSetup() {
  const fake = new FakeAiServer({
    latencyMs: (call) => (call.messages.some((message) => message.content.includes(FAKE_AI_SLOW_MARKER)) ? FAKE_AI_SLOW_LATENCY_MS : FAKE_AI_LATENCY_MS),
    answer: (call) => fakeChatAnswer(call.messages, call.lastUserText) ?? fakeFormulaAnswer(call.messages, call.lastUserText) ?? fakeCorrectionsAnswer(call.messages) ?? call.fallback(),
  })
  await fake.start(FAKE_AI_PORT)
  // The data provider of the HTTP API column journeys: Hunter's documented answers on 127.0.0.1.
  const source = await startFakeSource(FAKE_SOURCE_PORT)
  return async () => {
    await fake.stop()
    await source.stop()
  }
}
