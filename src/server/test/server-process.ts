import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { UploadProgress, UploadResponse } from '#common/schemas/uploads'
import { lastMailTo } from './outbox.ts'
import { createTestDatabase } from './test-database.ts'
import { until } from './until.ts'

/**
 * Rowcraft started as its own OS process with a role (`--role ...`, as the README's scaling out),
 * for tests of crashes and of several processes on one database. Like every test it runs the
 * TypeScript sources (through tsx), not the compiled server `npm start` runs.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url))

export type LogLine = { event?: string; job?: string; jobId?: string; msg?: string; [key: string]: unknown }

export type ServerProcess = {
  role: 'all' | 'api' | 'worker'
  child: ChildProcess
  logs: LogLine[]
  /** Everything the process wrote to stderr and non-JSON stdout. */
  output: string[]
  exited: Promise<number | null>
  stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

export function startServerProcess({
  role,
  env,
}: {
  role: 'all' | 'api' | 'worker'
  env: Record<string, string>
}): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--role', role], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      APP_SECRET: 'scale-test-secret-that-is-long-enough-1234567890',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: LogLine[] = []
  const output: string[] = []
  let pending = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString()
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as LogLine)
      } catch {
        output.push(line)
      }
    }
  })
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return {
    role,
    child,
    logs,
    output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

/**
 * What every test of real server processes sets up: a data folder, a database of its own
 * (PostgreSQL when DATABASE_URL is set, else PGlite in the data folder), the processes it starts
 * on one port, and their clean-up. `close()` kills what is still running and removes the rest.
 */
export type ProcessTest = {
  baseUrl: string
  dataDir: string
  /** The test's PostgreSQL database; none on PGlite. */
  databaseUrl: string | undefined
  servers: ServerProcess[]
  start: (role?: ServerProcess['role'], env?: Record<string, string>) => ServerProcess
  /** Starts a process and waits until it answers /api/health (an API or all process). */
  startHealthy: (role?: 'all' | 'api', env?: Record<string, string>) => Promise<ServerProcess>
  close: () => Promise<void>
}

/** A port nothing listens on, chosen by the system: process tests run side by side, and beside other checkouts' servers. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

export async function createProcessTest({ name, env = {} }: { name: string; env?: Record<string, string> }): Promise<ProcessTest> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), `rowcraft-${name}-`))
  const database = await createTestDatabase()
  const baseUrl = `http://127.0.0.1:${port}`
  const common = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, ...(database.url ? { DATABASE_URL: database.url } : {}), ...env }
  const servers: ServerProcess[] = []
  const start = (role: ServerProcess['role'] = 'all', extra: Record<string, string> = {}) => {
    const server = startServerProcess({ role, env: { ...common, ...extra } })
    servers.push(server)
    return server
  }
  return {
    baseUrl,
    dataDir,
    databaseUrl: database.url,
    servers,
    start,
    async startHealthy(role = 'all', extra = {}) {
      const server = start(role, extra)
      await waitHealthy(baseUrl, server)
      return server
    },
    async close() {
      for (const server of servers) await server.stop('SIGKILL')
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Waits until the process answers /api/health (an API or all process). */
export async function waitHealthy(baseUrl: string, server: ServerProcess, ms = 240_000) {
  await until(
    `${baseUrl}/api/health`,
    async () => {
      if (server.child.exitCode !== null) throw new Error(`server exited ${server.child.exitCode}: ${server.output.join('')}`)
      return fetch(`${baseUrl}/api/health`)
        .then((res) => res.ok)
        .catch(() => false)
    },
    ms,
  )
}

/** A signed-in user over HTTP: signs up, follows the link from the outbox, keeps the cookie. */
export async function signUpOverHttp(baseUrl: string, dataDir: string) {
  const email = `scale.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`
  const headers = { 'content-type': 'application/json', origin: baseUrl }
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'Correct-Horse9!', name: 'Scale Test', firstName: 'Scale', lastName: 'Test', callbackURL: '/' }),
  })
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`)
  const link = await until('the verification mail', () => {
    try {
      return lastMailTo(dataDir, email).links.find((l) => l.includes('/verify-email'))
    } catch {
      return undefined
    }
  })
  const verified = await fetch(link.replace(/^https?:\/\/[^/]+/, baseUrl), { redirect: 'manual', headers: { origin: baseUrl } })
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  if (!cookie) throw new Error(`verification set no cookie: ${verified.status}`)
  return { cookie, headers: { cookie, origin: baseUrl } }
}

export async function uploadOverHttp(baseUrl: string, headers: Record<string, string>, name: string, content: string) {
  const form = new FormData()
  form.set('file', new File([content], name, { type: 'text/csv' }))
  const res = await fetch(`${baseUrl}/api/uploads`, { method: 'POST', body: form, headers })
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`)
  return ((await res.json()) as UploadResponse).upload_id
}

export async function progressOverHttp(baseUrl: string, headers: Record<string, string>, id: string): Promise<UploadProgress> {
  // A poll may meet a keep-alive connection the busy server has just closed (ECONNRESET): ask again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const res = await fetch(`${baseUrl}/api/uploads/${id}/progress`, { headers })
      return (await res.json()) as UploadProgress
    } catch (error) {
      if (attempt === 3) throw error
    }
  }
}

/** A CSV of `rows` leads, a few hundred bytes each: enough rows that an import takes seconds. */
export function bigCsv(rows: number, tag: string) {
  const lines = ['Name,Email,Company,Notes']
  for (let i = 0; i < rows; i += 1) {
    lines.push(`Lead ${tag} ${i},lead${i}@example.com,Company ${i % 997},"${'note '.repeat(40)}${i}"`)
  }
  return lines.join('\n')
}
