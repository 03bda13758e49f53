import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MAIL_OUTBOX_MESSAGES } from '#common/messages'
import { freePort } from '#server/test/server-process'
import { createTestDatabase } from '#server/test/test-database'
import { until } from '#server/test/until'

const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

describe('mail links without SMTP', () => {
  it('are printed on a line of their own when the logs are JSON (no terminal)', async () => {
    const database = await createTestDatabase()
    cleanups.push(database.drop)
    const dataDir = mkdtempSync(join(tmpdir(), 'rowcraft-mail-links-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    const port = await freePort()
    const baseUrl = `http://localhost:${port}`
    const env: Record<string, string> = { ...(process.env as Record<string, string>), PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'info' }
    delete env.DATABASE_URL
    delete env.SMTP_URL
    if (database.url) env.DATABASE_URL = database.url
    // stdout is a pipe, as under a process manager: the logs are JSON.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] })
    cleanups.push(() => {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      return new Promise<void>((resolve) => child.once('exit', () => resolve()))
    })
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    const output = () => {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${stdout}`)
      return stdout
    }
    await until('the server to start', output, (out) => out.includes('server.listening'), 150_000)

    const email = `links.${Date.now()}@example.com`
    const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email, password: 'Correct-Horse9!', name: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace', callbackURL: '/' }),
    })
    expect(res.status).toBe(200)
    // The log's JSON line may come after the printed link (the logger writes asynchronously): both are waited for.
    await until('the mail', output, (out) => out.includes('/api/auth/verify-email?token=') && out.includes('"event":"mail.outbox"'), 150_000)

    const lines = stdout.split('\n')
    expect(lines.some((line) => line.startsWith('{') && line.includes('"event":"mail.outbox"'))).toBe(true)
    const at = lines.findIndex((line) => line === MAIL_OUTBOX_MESSAGES.announce(email, 'Confirm your Rowcraft account'))
    expect(at).toBeGreaterThanOrEqual(0)
    expect(lines[at + 1]).toMatch(new RegExp(`^  ${baseUrl}/api/auth/verify-email\\?token=[^\\s"]+$`))
  }, 240_000) // a server process: PGlite and its migrations start in 5-75 s on a busy machine
})
