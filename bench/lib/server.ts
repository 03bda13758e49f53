import { spawn, type ChildProcess } from 'node:child_process'
import { createReadStream, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer } from 'node:net'
import { basename, join } from 'node:path'
import { Readable } from 'node:stream'
import pg from 'pg'
import { lastMailTo } from '../../src/server/test/outbox.ts'
import { until } from '../../src/server/test/until.ts'

/** A real server process (the same one `npm start` runs) on PGlite or on a fresh PostgreSQL database. */
export type BenchServer = {
  baseUrl: string
  pid: number
  dataDir: string
  cookie: string
  /** The database the server uses (PostgreSQL only). */
  databaseUrl?: string
  /** Peak resident memory of the server process so far (VmHWM), in MB. */
  peakRssMb: () => number
  /** A new server process on the same data: memory figures start again from nothing. */
  restart: () => Promise<void>
  stop: () => Promise<void>
}

export type Backend = 'pglite' | 'pg'

// The first port tried (ports in use are passed over); BENCH_PORT starts elsewhere.
let portCounter = Number(process.env.BENCH_PORT ?? 3400)

/**
 * The next port nothing listens on: a server started on a taken one exits, and the health check
 * and sign-up would then talk to whatever holds the port (another checkout's bench server).
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = portCounter++
    const isFree = await new Promise<boolean>((resolve) => {
      const probe = createServer()
      probe.once('error', () => resolve(false))
      probe.listen(port, () => probe.close(() => resolve(true)))
    })
    if (isFree) return port
  }
}

async function freshPgDatabase(name: string): Promise<string> {
  const adminUrl = process.env.DATABASE_URL!
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Drops a bench database, so a run leaves nothing behind (a 100 MB import is 2 GB of tables). */
async function dropPgDatabase(url: string) {
  const name = new URL(url).pathname.slice(1)
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL! })
  await admin.connect()
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  } finally {
    await admin.end()
  }
}

const running = new Set<BenchServer>()

/** Stops every bench server still running: for an interrupted run (Ctrl+C). */
export async function stopAllBenchServers() {
  for (const server of [...running]) await server.stop()
}

async function waitForHealth(baseUrl: string, child: ChildProcess) {
  // A first start on a busy machine (PGlite's initdb, a profiled server) can take over a minute.
  await until(
    'the server to start',
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
      return fetch(`${baseUrl}/api/health`).then((res) => res.ok, () => false)
    },
    { timeoutMs: 180_000, everyMs: 200 },
  )
}

/** The verification mail, which the server may write just after it answers the sign-up (a busy machine). */
async function verificationMail(dataDir: string, email: string) {
  const mail = () => {
    try {
      return lastMailTo(dataDir, email)
    } catch {
      return undefined
    }
  }
  return until(`the verification mail to ${email}`, mail, 15_000)
}

async function signUp(baseUrl: string, dataDir: string): Promise<string> {
  const email = `bench.${Date.now()}@example.com`
  const headers = { 'content-type': 'application/json', origin: baseUrl }
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'Bench-Password1!', name: 'Bench User', firstName: 'Bench', lastName: 'User', callbackURL: '/' }),
  })
  if (!res.ok) throw new Error(`sign-up failed: ${res.status}`)
  const link = (await verificationMail(dataDir, email)).links.find((l) => l.includes('/verify-email'))!
  const verified = await fetch(link, { redirect: 'manual' })
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  if (!cookie.includes('session_token')) throw new Error('verification did not sign in')
  // Plans and AI work need a trial or a plan (the local billing provider starts the trial).
  const trial = await fetch(`${baseUrl}/api/billing/checkout`, { method: 'POST', headers: { ...headers, cookie }, body: '{}' })
  if (!trial.ok) throw new Error(`starting the trial failed: ${trial.status} ${await trial.text()}`)
  return cookie
}

export async function startBenchServer(backend: Backend, options: { maxUploadMb?: number; env?: Record<string, string> } = {}): Promise<BenchServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'rowcraft-bench-'))
  const baseUrl = `http://localhost:${port}`
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    MAX_UPLOAD_MB: String(options.maxUploadMb ?? 200),
    ...options.env,
  }
  delete env.DATABASE_URL
  if (backend === 'pg') env.DATABASE_URL = await freshPgDatabase(`rowcraft_bench_${port}`)
  // The server's own log, kept after the run for when a figure looks wrong.
  const log = openSync(join(tmpdir(), `rowcraft-bench-server-${backend}-${port}.log`), 'w')
  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server (not allowed in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []
  const spawnServer = () => spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', log, log] })
  let child = spawnServer()
  let cookie: string
  try {
    await waitForHealth(baseUrl, child)
    cookie = await signUp(baseUrl, dataDir)
  } catch (error) {
    // A server that never answered is stopped and its data dropped, like any other.
    child.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
    if (env.DATABASE_URL) await dropPgDatabase(env.DATABASE_URL)
    throw error
  }
  const stopChild = async () => {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
  const server: BenchServer = {
    baseUrl,
    get pid() {
      return child.pid!
    },
    dataDir,
    cookie,
    databaseUrl: env.DATABASE_URL,
    async restart() {
      await stopChild()
      child = spawnServer()
      await waitForHealth(baseUrl, child)
    },
    peakRssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      const kb = Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0)
      return kb / 1024
    },
    async stop() {
      running.delete(server)
      if (child.exitCode === null && child.signalCode === null) await stopChild()
      rmSync(dataDir, { recursive: true, force: true })
      if (env.DATABASE_URL) await dropPgDatabase(env.DATABASE_URL)
    },
  }
  running.add(server)
  return server
}

/** Uploads a file the way the browser does (multipart, streamed from disk); returns the upload id. */
export async function uploadFile(server: BenchServer, path: string): Promise<string> {
  const boundary = `----rowcraft${Date.now()}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${basename(path)}"\r\nContent-Type: text/csv\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const size = statSync(path).size
  async function* body() {
    yield head
    yield* createReadStream(path, { highWaterMark: 1 << 20 })
    yield tail
  }
  const res = await fetch(`${server.baseUrl}/api/uploads`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + size + tail.length),
      cookie: server.cookie,
      origin: server.baseUrl,
    },
    body: Readable.toWeb(Readable.from(body())) as ReadableStream,
    duplex: 'half',
  } as RequestInit)
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`)
  const json = (await res.json()) as { upload_id: string; needs_header_confirmation: boolean }
  if (json.needs_header_confirmation) {
    await fetch(`${server.baseUrl}/api/uploads/${json.upload_id}/confirm-headers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.baseUrl },
      body: JSON.stringify({ hasHeaders: true, headerRowIndex: 0 }),
    })
  }
  return json.upload_id
}

/**
 * Waits for the upload to complete the way the browser does, on its live events (SSE), and
 * returns its row count. Polling every 100 ms cost the server CPU and the figure up to 100 ms.
 */
export async function waitForImport(server: BenchServer, uploadId: string, timeoutMs = 600_000) {
  const res = await fetch(`${server.baseUrl}/api/uploads/${uploadId}/events`, {
    headers: { cookie: server.cookie, accept: 'text/event-stream' },
    signal: AbortSignal.timeout(timeoutMs),
  })
  if (!res.ok || !res.body) throw new Error(`events failed: ${res.status}`)
  const decoder = new TextDecoder()
  let text = ''
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true })
    let end: number
    while ((end = text.indexOf('\n\n')) !== -1) {
      const message = text.slice(0, end)
      text = text.slice(end + 2)
      const data = message
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n')
      if (!data) continue
      const event = JSON.parse(data) as { status: string; totalRows: number | null; errorMessage: string | null }
      if (event.status === 'completed') {
        await res.body.cancel().catch(() => {})
        return event.totalRows ?? 0
      }
      if (event.status === 'failed') throw new Error(`import failed: ${event.errorMessage}`)
    }
  }
  throw new Error('the event stream ended before the import did')
}

/**
 * Waits until the server's queue has no job left to run (an import's index builds run in its
 * job after the upload is complete). PGlite's queue lives inside the server process, where the
 * bench cannot look; PGlite builds no indexes after an import.
 */
export async function waitForJobs(server: BenchServer, timeoutMs = 600_000) {
  if (!server.databaseUrl) return
  const client = new pg.Client({ connectionString: server.databaseUrl })
  await client.connect()
  try {
    const running = async () =>
      (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name LIKE 'uploads.%' AND state IN ('created', 'retry', 'active')`)).rows[0]!.n
    await until('the import jobs to end', running, (n) => n === 0, { timeoutMs, everyMs: 200 })
  } finally {
    await client.end()
  }
}

/** A JSON call of the bench server's API as its signed-in user; a failed one throws with its body. */
export async function benchApi(server: BenchServer, path: string, init: { method?: string; json?: unknown } = {}) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? (init.json ? 'POST' : 'GET'),
    headers: { cookie: server.cookie, origin: server.baseUrl, 'content-type': 'application/json' },
    body: init.json ? JSON.stringify(init.json) : undefined,
  })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return res.json() as Promise<unknown>
}
