import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app'
import { createTestApp, type TestApp } from '#server/test/test-app'
import { publicConfigSchema } from '#common/schemas/auth'
import { healthSchema } from '#common/schemas/system'
import { readJson } from '#server/test/contract'
import { env } from '#server/env'
import { loopbackAliasesOf } from '#server/platform/trusted-origins'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('the error contract', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.browser().request('/api/nothing-here')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such API endpoint' } })
  })

  it('answers 401 in the contract when a protected route has no session', async () => {
    const res = await t.browser().request('/api/me')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } })
  })
})

describe('security basics', () => {
  it('sends a strict content security policy and the usual headers', async () => {
    const res = await t.browser().request('/api/health')
    expect(await readJson(res, healthSchema)).toEqual({ status: 'ok' })
    const csp = res.headers.get('content-security-policy')!
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('strict-transport-security')).toBeNull()
  })

  it('refuses a cross-site form post to the API', async () => {
    const res = await t.browser().request('/api/config', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ error: { code: 'FORBIDDEN' } })
  })

  it('refuses a cross-site sign-in to the auth routes', async () => {
    const res = await t.browser().request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', cookie: 'x=1' },
      body: JSON.stringify({ email: 'a@example.com', password: 'whatever1' }),
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ error: { code: 'FORBIDDEN' } })
  })

  it('takes a sign-up from the other loopback name of a loopback public address, and refuses another port (issue 44)', async () => {
    const [alias] = loopbackAliasesOf(env.PUBLIC_URL)
    expect(alias).toBeDefined()
    const signUp = (origin: string, email: string) =>
      t.browser().request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ email, password: 'Correct-horse-9', firstName: 'Loop', lastName: 'Back', name: 'Loop Back', callbackURL: '/' }),
      })
    const res = await signUp(alias!, 'loopback@example.com')
    expect(res.status, await res.clone().text()).toBe(200)
    const otherPort = new URL(alias!)
    otherPort.port = String(Number(otherPort.port || 80) + 1)
    const refused = await signUp(otherPort.origin, 'other-port@example.com')
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Request refused: it came from another site.' } })
  })

  it('names the other loopback addresses of a loopback origin only', () => {
    expect(loopbackAliasesOf('http://localhost:3000')).toEqual(['http://127.0.0.1:3000', 'http://[::1]:3000'])
    expect(loopbackAliasesOf('http://127.0.0.1:8080')).toEqual(['http://localhost:8080', 'http://[::1]:8080'])
    expect(loopbackAliasesOf('https://rowcraft.example')).toEqual([])
  })

  it('refuses a request a browser marks as cross-site even without an Origin', async () => {
    const res = await t.browser().request('/api/auth/sign-out', {
      method: 'POST',
      headers: { origin: '', 'sec-fetch-site': 'cross-site' },
    })
    expect(res.status).toBe(403)
  })
})

describe('the public config', () => {
  it('tells the web app which sign-in and billing options exist', async () => {
    const res = await t.browser().request('/api/config')
    expect(await readJson(res, publicConfigSchema)).toEqual({ googleEnabled: false, billingProvider: 'local', maxUploadMb: 100 })
  })
})

describe('the built web app', () => {
  it('serves index.html for client routes and assets with long caching', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'rowcraft-web-'))
    mkdirSync(join(webDir, 'assets'))
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>')
    writeFileSync(join(webDir, 'assets', 'app-abc.js'), 'console.log(1)')
    const app = createApp({ webDir })

    const page = await app.request('/dashboard/files')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="root">')
    const asset = await app.request('/assets/app-abc.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect((await app.request('/api/unknown')).status).toBe(404)
  })
})
