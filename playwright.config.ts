import { defineConfig, devices } from '@playwright/test'
import { FAKE_AI_PORT } from './e2e/support/fake-ai.ts'

/** The real server, built web app and a fresh PGlite (or DATABASE_URL) in `.e2e-data`. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data'
const baseURL = `http://localhost:${E2E_PORT}`

export default defineConfig({
  testDir: 'e2e',
  // Its own per data directory, so two runs at once (`.ci/run`) do not clear each other's results.
  outputDir: `test-results/${E2E_DATA_DIR.replace(/^\.+/, '')}`,
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // CI runs two lanes at once on two cores: a 25 s journey can take twice as long there.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    // The compiled server, started as `npm start` starts it. E2E_PREBUILT: the web app and the
    // server are already built (`.ci/run` builds them once for both browser runs).
    command: `rm -rf ${E2E_DATA_DIR} && ${process.env.E2E_PREBUILT ? '' : 'npm run build && '}node dist-server/server/main.js`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: process.env.E2E_LOG_LEVEL ? 'pipe' : 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      PUBLIC_URL: baseURL,
      DATA_DIR: E2E_DATA_DIR,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Small enough that the size checks can be tried with a 1.5 MB file.
      MAX_UPLOAD_MB: '1',
      // Every journey signs up from 127.0.0.1 without a quiet minute between them.
      AUTH_IP_LIMIT_FACTOR: '20',
      OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_AI_PORT}/v1`,
      OPENAI_API_KEY: 'sk-e2e-fake',
      // Users' own servers in the journeys (API Settings) are fakes on 127.0.0.1, as a self-hoster's Ollama would be.
      ALLOW_PRIVATE_AI_URLS: 'true',
      // The HTTP API column journeys call a fake data provider on 127.0.0.1.
      ALLOW_PRIVATE_SOURCE_URLS: 'true',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
})
