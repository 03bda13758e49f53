import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hc } from 'hono/client'
import { pino } from 'pino'
import { inject } from 'vitest'
import { apiErrorBodySchema } from '#common/errors'
import { createApp, type AppType } from '#server/app'
import { bootstrap, type Runtime } from '#server/bootstrap'
import { loadEnv } from '#server/env'
import { allJobs } from '#server/jobs'
import { startEvents, stopEvents } from '#server/platform/events'
import { startQueue, stopQueue } from '#server/platform/queue'
import { createTestDatabase } from './test-database.ts'
import { lastMailTo } from './outbox.ts'

export const TEST_ORIGIN = 'http://localhost:3000'

type App = ReturnType<typeof createApp>

/** A cookie-keeping client over `app.request()`, like one browser tab. */
export class TestBrowser {
  readonly cookies = new Map<string, string>()
  /**
   * The app's typed client (`hc<AppType>`, as the web builds it) through this tab: its cookies,
   * origin and manual redirects. `await (await browser.api.uploads[':id'].$get({ param: { id } })).json()`
   * is the route's own body type. A multipart route (no validator) takes its form as `init.body`.
   * Better Auth's `/api/auth/*`, streamed files and deliberately malformed input: use `request`.
   */
  readonly api = hc<AppType>(`${TEST_ORIGIN}/api`, {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => this.request(input instanceof Request ? input.url : String(input), init),
  })
  /** `defaultHeaders` go with every request unless one names them: `Authorization` for a token client. */
  constructor(
    private readonly app: App,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  async request(path: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers)
    for (const [name, value] of Object.entries(this.defaultHeaders)) if (!headers.has(name)) headers.set(name, value)
    if (!headers.has('origin')) headers.set('origin', TEST_ORIGIN)
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    let body = init.body
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(init.json)
    }
    const url = path.startsWith('http') ? path : `${TEST_ORIGIN}${path}`
    const res = await this.app.request(url, { ...init, headers, body, redirect: 'manual' })
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq).trim()
      const value = pair!.slice(eq + 1).trim()
      if (value === '' || /max-age=0\b/i.test(cookie)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return res
  }

  post(path: string, json: unknown) {
    return this.request(path, { method: 'POST', json })
  }
}

/**
 * The `{ code, message, details? }` of a failed response, checked against the error contract: the
 * typed client types only a route's success bodies, as errors are thrown, not returned.
 */
export async function errorOf(res: Response) {
  return apiErrorBodySchema.parse(await res.json()).error
}

export type TestApp = {
  app: App
  runtime: Runtime
  dataDir: string
  browser: () => TestBrowser
  /** A client that sends `Authorization: Bearer <token>` and no cookie, as a script would. */
  bearer: (token: string) => TestBrowser
  lastMailTo: (email: string) => ReturnType<typeof lastMailTo>
  signUpVerified: (user?: Partial<TestUser>) => Promise<{ browser: TestBrowser; user: TestUser }>
  /** Starts the signed-in user's trial (the local provider's checkout), for paid routes. */
  startTrial: (browser: TestBrowser) => Promise<void>
  /** The signed-in user's id, for tests that set database state directly. */
  userIdOf: (browser: TestBrowser) => Promise<string>
  close: () => Promise<void>
}

export type TestUser = { firstName: string; lastName: string; email: string; password: string }

let userCounter = 0
export function makeTestUser(overrides: Partial<TestUser> = {}): TestUser {
  userCounter += 1
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada${userCounter}.${Date.now()}@example.com`,
    password: 'Correct-Horse9!',
    ...overrides,
  }
}

let pgliteTemplate: Blob | undefined

/** The migrated PGlite the global setup made (global-setup.ts), read once a worker. */
function migratedPglite(): Blob | undefined {
  const path = inject('pgliteTemplatePath')
  if (!path) return undefined
  pgliteTemplate ??= new Blob([readFileSync(path)])
  return pgliteTemplate
}

/** The real app on a fresh database: PGlite in memory, or its own database on DATABASE_URL. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { withWorkers?: boolean; databaseLocale?: 'C' } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rowcraft-test-'))
  const database = await createTestDatabase({ locale: options.databaseLocale })
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    PUBLIC_URL: TEST_ORIGIN,
    APP_SECRET: 'test-secret-that-is-long-enough-1234567890',
    LOG_LEVEL: 'silent',
    // Test files ask in bursts no person does; chat-limits.test.ts sets its own limits to test them.
    AI_QUESTIONS_PER_MINUTE: '100000',
    PLAN_RUNS_PER_MINUTE: '100000',
    ...overrides,
  })
  const runtime = await bootstrap(env, { logger: pino({ level: 'silent' }), inMemoryDatabase: true, pgliteTemplate: migratedPglite() })
  await startEvents({ driver: runtime.database.driver, databaseUrl: env.DATABASE_URL })
  if (options.withWorkers) {
    await startQueue({
      driver: runtime.database.driver,
      databaseUrl: env.DATABASE_URL,
      jobs: allJobs,
      work: true,
      pollingIntervalSeconds: 0.5,
    })
  }
  const app = createApp()

  const testApp: TestApp = {
    app,
    runtime,
    dataDir,
    browser: () => new TestBrowser(app),
    bearer: (token) => new TestBrowser(app, { authorization: `Bearer ${token}` }),
    lastMailTo: (email) => lastMailTo(dataDir, email),
    async signUpVerified(partial = {}) {
      const user = makeTestUser(partial)
      const browser = new TestBrowser(app)
      const res = await browser.post('/api/auth/sign-up/email', {
        ...user,
        name: `${user.firstName} ${user.lastName}`,
        callbackURL: '/',
      })
      if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`)
      const link = lastMailTo(dataDir, user.email).links.find((l) => l.includes('/verify-email'))
      if (!link) throw new Error('no verification link')
      await browser.request(link)
      return { browser, user }
    },
    async startTrial(browser) {
      const res = await browser.post('/api/billing/checkout', {})
      if (!res.ok) throw new Error(`starting the trial failed: ${res.status} ${await res.text()}`)
    },
    async userIdOf(browser) {
      const res = await browser.api.me.$get()
      if (!res.ok) throw new Error('not signed in')
      return (await res.json()).user.id
    },
    async close() {
      if (options.withWorkers) await stopQueue()
      await stopEvents()
      await runtime.close()
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  return testApp
}
