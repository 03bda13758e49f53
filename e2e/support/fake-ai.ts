/** The fake OpenAI-compatible server's port for the browser tests (e2e/global-setup.ts starts it). */
export const FAKE_AI_PORT = Number(process.env.FAKE_AI_PORT ?? 3191)
