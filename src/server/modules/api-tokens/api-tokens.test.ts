import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_TOKENS } from '#common/constants'
import { API_TOKEN_MESSAGES, VALIDATION_MESSAGES } from '#common/messages'
import type { ApiTokenScope } from '#common/schemas/api-tokens'
import { db } from '#server/db/client'
import { apiTokens } from '#server/db/schema/index'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { isSessionOnlyPath } from '#server/test/session-only-routes'
import { validatedInputOf } from '#server/platform/validate'
import { scopeNeeded } from './token-scope.ts'
import { meSchema } from '#common/schemas/system'
import { readJson } from '#server/test/contract'

const REQUESTS_PER_MINUTE = 200
const LEADS = csvOf(['name', 'email'], [['Ada', 'ada@example.com'], ['Grace', 'grace@example.com']])

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ API_TOKEN_REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE) }, { withWorkers: true })
})
afterAll(async () => {
  await t?.close()
})

async function createToken(browser: TestBrowser, name = 'Nightly CRM sync', scope: ApiTokenScope = 'read_write', expiresAt?: string) {
  const res = await browser.api['api-tokens'].$post({ json: { name, scope, ...(expiresAt ? { expires_at: expiresAt } : {}) } })
  expect(res.status).toBe(201)
  return res.json()
}

/** The app's own route table: every method and path a request can reach under /api. */
function apiRouteTable() {
  const seen = new Set<string>()
  return t.app.routes
    .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
    .filter((route) => {
      const id = `${route.method} ${route.path}`
      if (seen.has(id)) return false
      seen.add(id)
      return true
    })
    .map((route) => ({ method: route.method, path: route.path }))
}

/** Routes only a browser session may call (issue 24): sign-in and two-factor, the account, tokens. */

function fillPath(path: string, ids: Partial<Record<string, string>> = {}) {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (ids[name]) return ids[name]!
    if (name === 'rowIndex') return '0'
    if (name === 'key') return 'email'
    if (name === 'action') return 'pause'
    if (name === 'name') return 'SWEEP_SECRET'
    return randomUUID()
  })
}

/** One request of the route sweep; a stream (SSE) is closed once its status is known. */
async function call(client: TestBrowser, method: string, path: string) {
  const res = await client.request(path.replace(/\/\*$/, '/anything'), {
    method,
    ...(method === 'GET' || method === 'HEAD' ? {} : { json: {} }),
  })
  await res.body?.cancel()
  return res.status
}

describe('personal API tokens', () => {
  it('shows a new token once, then lists only its name, first characters and dates; the database keeps a hash', async () => {
    const { browser } = await t.signUpVerified()
    const created = await createToken(browser)
    expect(created.token).toMatch(/^rc_[A-Za-z0-9_-]{43}$/)
    expect(created.start).toBe(created.token.slice(0, API_TOKENS.shownChars))
    expect(created.last_used_at).toBeNull()

    const list = await (await browser.api['api-tokens'].$get()).json()
    expect(list.max_tokens).toBe(API_TOKENS.maxPerUser)
    expect(list.tokens).toEqual([
      { id: created.id, name: 'Nightly CRM sync', start: created.start, scope: 'read_write', created_at: created.created_at, last_used_at: null, expires_at: null, expired: false },
    ])
    expect(JSON.stringify(list)).not.toContain(created.token)

    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, created.id))
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(created.token)
  })

  it('refuses a blank name with the form message', async () => {
    const { browser } = await t.signUpVerified()
    const res = await browser.post('/api/api-tokens', { name: '   ', scope: 'read' })
    expect(res.status).toBe(422)
    expect((await errorOf(res)).message).toContain(API_TOKEN_MESSAGES.nameRequired)
  })

  it(`allows at most ${API_TOKENS.maxPerUser} tokens a user`, async () => {
    const { browser } = await t.signUpVerified()
    for (let i = 0; i < API_TOKENS.maxPerUser; i++) await createToken(browser, `token ${i}`)
    const res = await browser.post('/api/api-tokens', { name: 'one too many', scope: 'read' })
    expect(res.status).toBe(409)
    expect(await errorOf(res)).toMatchObject({ code: 'CONFLICT', message: API_TOKEN_MESSAGES.limitReached(API_TOKENS.maxPerUser) })
  })

  it('acts as its user with no cookie, from any origin, and records when it was last used', async () => {
    const { browser, user } = await t.signUpVerified()
    const { token, id } = await createToken(browser)
    const script = t.bearer(token)

    const me = await script.api.me.$get()
    expect(me.status).toBe(200)
    expect((await readJson(me, meSchema)).user.email).toBe(user.email)

    const uploadId = await importCsv(script, 'leads.csv', LEADS)
    const rows = await (await script.api.uploads[':id'].rows.$get({ param: { id: uploadId }, query: {} })).json()
    expect(rows.count).toBe(2)

    // The origin check guards cookies; a token call from elsewhere is not a forged browser request.
    const renamed = await script.request(`/api/uploads/${uploadId}`, { method: 'PATCH', headers: { origin: 'https://elsewhere.example' }, json: { filename: 'renamed.csv' } })
    expect(renamed.status).toBe(200)
    const forged = await browser.request(`/api/uploads/${uploadId}`, { method: 'PATCH', headers: { origin: 'https://elsewhere.example' }, json: { filename: 'x.csv' } })
    expect(forged.status).toBe(403)

    const list = await (await browser.api['api-tokens'].$get()).json()
    expect(list.tokens.find((listed) => listed.id === id)?.last_used_at).not.toBeNull()
  })

  it('answers every route of the route table as it answers a signed-in session, and refuses the session-only ones', async () => {
    const routes = apiRouteTable()
    expect(routes.length).toBeGreaterThan(60)
    // Two users with the same history: one calls with its cookie, the other with a token.
    const { browser: cookieUser } = await t.signUpVerified()
    const { browser: tokenOwner } = await t.signUpVerified()
    const script = t.bearer((await createToken(tokenOwner)).token)

    const differences: string[] = []
    for (const route of routes) {
      const path = fillPath(route.path)
      const tokenStatus = await call(script, route.method, path)
      if (isSessionOnlyPath(route.path)) {
        if (tokenStatus !== 403) differences.push(`${route.method} ${route.path}: token ${tokenStatus}, expected 403`)
        continue
      }
      const sessionStatus = await call(cookieUser, route.method, path)
      if (tokenStatus !== sessionStatus) differences.push(`${route.method} ${route.path}: token ${tokenStatus}, session ${sessionStatus}`)
      if (tokenStatus === 401) differences.push(`${route.method} ${route.path}: token refused as signed out`)
    }
    expect(differences).toEqual([])
  })

  it("answers a token for another user's upload, template and folder exactly as for one that does not exist", async () => {
    const { browser: owner } = await t.signUpVerified()
    const uploadId = await importCsv(owner, 'theirs.csv', LEADS)
    const template = await (await owner.api.templates.$post({ json: { name: 'T', field_name: 'F', prompt_template: 'P {{name}}' } })).json()
    const folder = await (await owner.api.folders.$post({ json: { name: 'Theirs' } })).json()

    const { browser: other } = await t.signUpVerified()
    await t.startTrial(other)
    const script = t.bearer((await createToken(other)).token)
    const named = apiRouteTable().filter(
      (route) => route.path.startsWith('/api/uploads/:id') || route.path.startsWith('/api/templates/:id') || route.path.startsWith('/api/folders/:id'),
    )
    expect(named.length).toBeGreaterThan(30)

    const differences: string[] = []
    let notFound = 0
    for (const route of named) {
      const id = route.path.startsWith('/api/uploads') ? uploadId : route.path.startsWith('/api/templates') ? template.id : folder.id
      const theirs = await call(script, route.method, fillPath(route.path, { id }))
      const missing = await call(script, route.method, fillPath(route.path, { id: randomUUID() }))
      if (theirs !== missing) differences.push(`${route.method} ${route.path}: theirs ${theirs}, missing ${missing}`)
      // Input is checked before anything is looked up (a 422 names nothing); everything else is a 404.
      if (theirs !== 404 && theirs !== 422) differences.push(`${route.method} ${route.path}: ${theirs}`)
      if (theirs === 404) notFound += 1
    }
    expect(differences).toEqual([])
    // Not a vacuous sweep: the routes whose empty body is valid reach the lookup and answer 404.
    expect(notFound).toBeGreaterThanOrEqual(20)

    const renameTheirs = await script.api.uploads[':id'].$patch({ param: { id: uploadId }, json: { filename: 'mine-now.csv' } })
    expect(renameTheirs.status).toBe(404)
    expect((await errorOf(renameTheirs)).code).toBe('NOT_FOUND')
    expect((await (await owner.api.uploads[':id'].$get({ param: { id: uploadId } })).json()).filename).toBe('theirs.csv')
  })

  it('keeps the payment gate for a token: an AI column needs the trial or a plan', async () => {
    const { browser } = await t.signUpVerified()
    const script = t.bearer((await createToken(browser)).token)
    const uploadId = await importCsv(script, 'leads.csv', LEADS)
    const body = { name: 'Industry', prompt: 'Industry of {{name}}' }
    const blocked = await script.post(`/api/uploads/${uploadId}/ai-fields`, body)
    expect(blocked.status).toBe(402)
    expect((await errorOf(blocked)).code).toBe('PAYMENT_REQUIRED')
  })

  it('answers 401 with the error contract to a revoked, an unknown and a malformed token', async () => {
    const { browser } = await t.signUpVerified()
    const { token, id } = await createToken(browser)
    expect((await t.bearer(token).api.me.$get()).status).toBe(200)

    const revoked = await browser.api['api-tokens'][':id'].$delete({ param: { id } })
    expect(revoked.status).toBe(200)
    expect((await revoked.json()).tokens).toEqual([])

    const unknown = `rc_${'A'.repeat(43)}`
    for (const client of [t.bearer(token), t.bearer(unknown), t.bearer('not-a-token')]) {
      const res = await client.request('/api/uploads')
      expect(res.status).toBe(401)
      expect(await errorOf(res)).toEqual({ code: 'UNAUTHORIZED', message: API_TOKEN_MESSAGES.invalid })
    }
    const emptyBearer = await t.browser().request('/api/uploads', { headers: { authorization: 'Bearer' } })
    expect(emptyBearer.status).toBe(401)
    expect(await errorOf(emptyBearer)).toEqual({ code: 'UNAUTHORIZED', message: API_TOKEN_MESSAGES.missing })

    // Another scheme is not a token (a proxy's Basic auth): the cookie decides.
    const basic = { authorization: `Basic ${btoa('staging:password')}` }
    expect((await browser.request('/api/uploads', { headers: basic })).status).toBe(200)
    expect((await t.browser().request('/api/uploads', { headers: basic })).status).toBe(401)

    const again = await browser.api['api-tokens'][':id'].$delete({ param: { id } })
    expect(again.status).toBe(404)
  })

  it('refuses tokens on the token, account, sign-in and two-factor routes', async () => {
    const { browser, user } = await t.signUpVerified()
    const { token } = await createToken(browser)
    const script = t.bearer(token)

    const attempts = [
      await script.post('/api/api-tokens', { name: 'minted by a token', scope: 'read_write' }),
      await script.request('/api/api-tokens'),
      await script.post('/api/auth/change-password', { currentPassword: user.password, newPassword: 'Another-Horse9!x' }),
      await script.post('/api/auth/two-factor/enable', { password: user.password }),
      await script.post('/api/auth/sign-in/email', { email: user.email, password: user.password }),
      await script.request('/api/auth/get-session'),
      await script.post('/api/profile/delete-account', { password: user.password }),
    ]
    for (const res of attempts) {
      expect(res.status).toBe(403)
      expect(await errorOf(res)).toEqual({ code: 'FORBIDDEN', message: API_TOKEN_MESSAGES.refused })
    }
    expect((await (await browser.api['api-tokens'].$get()).json()).tokens).toHaveLength(1)
    expect((await browser.api.me.$get()).status).toBe(200)
  })

  it('limits requests a minute per token with a 429 and Retry-After, and lets the next minute through', async () => {
    const { browser } = await t.signUpVerified()
    const { token, id } = await createToken(browser)
    const { token: otherToken } = await createToken(browser, 'other')
    const script = t.bearer(token)

    // Spend the minute's allowance directly; a request made at a minute's edge starts a new window, so retry then.
    let res: Response | undefined
    for (let attempt = 0; attempt < 3 && res?.status !== 429; attempt++) {
      await db
        .update(apiTokens)
        .set({ rateWindowStart: sql`date_trunc('minute', now())`, rateWindowCount: REQUESTS_PER_MINUTE })
        .where(eq(apiTokens.id, id))
      res = await script.request('/api/uploads')
    }
    expect(res!.status).toBe(429)
    const retryAfter = Number(res!.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(await errorOf(res!)).toEqual({ code: 'RATE_LIMITED', message: API_TOKEN_MESSAGES.rateLimited(retryAfter) })

    // Per token: the user's other token and their session are not limited.
    expect((await t.bearer(otherToken).request('/api/uploads')).status).toBe(200)
    expect((await browser.request('/api/uploads')).status).toBe(200)

    await db.update(apiTokens).set({ rateWindowStart: sql`date_trunc('minute', now()) - interval '1 minute'` }).where(eq(apiTokens.id, id))
    expect((await script.request('/api/uploads')).status).toBe(200)
  })
})

describe('what a token may do (issue 29)', () => {
  it('refuses a create body with a field it does not know, rather than making a full, permanent token', async () => {
    const { browser } = await t.signUpVerified()
    const res = await browser.post('/api/api-tokens', { name: 'read-only please', scopes: ['uploads:read'], scope: 'read', expires_at: '2099-01-01T00:00:00Z' })
    expect(res.status).toBe(422)
    expect((await errorOf(res)).message).toBe(VALIDATION_MESSAGES.unknownFields(['scopes']))
    expect((await (await browser.api['api-tokens'].$get()).json()).tokens).toEqual([])
  })

  it('asks for a scope, and refuses an expiry that is not a date or is already past', async () => {
    const { browser } = await t.signUpVerified()
    const noScope = await browser.post('/api/api-tokens', { name: 'which?' })
    expect(noScope.status).toBe(422)
    expect((await errorOf(noScope)).message).toBe(`scope: ${API_TOKEN_MESSAGES.scopeRequired}`)
    const notADate = await browser.post('/api/api-tokens', { name: 'soon', scope: 'read', expires_at: 'next week' })
    expect(notADate.status).toBe(422)
    expect((await errorOf(notADate)).message).toBe(`expires_at: ${API_TOKEN_MESSAGES.expiryInvalid}`)
    const past = await browser.post('/api/api-tokens', { name: 'late', scope: 'read', expires_at: new Date(Date.now() - 60_000).toISOString() })
    expect(past.status).toBe(422)
    expect((await errorOf(past)).message).toBe(`expires_at: ${API_TOKEN_MESSAGES.expiryInPast}`)
    expect((await (await browser.api['api-tokens'].$get()).json()).tokens).toEqual([])
  })

  it('lets a read token read, run a plan, estimate a run and export, and refuses every route that changes data or spends credits', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    const uploadId = await importCsv(browser, 'leads.csv', LEADS)
    const field = await (await browser.post(`/api/uploads/${uploadId}/ai-fields`, { name: 'Industry', prompt: 'Industry of {name}' })).json()
    const reader = t.bearer((await createToken(browser, 'dashboard', 'read')).token)

    expect((await reader.request(`/api/uploads/${uploadId}/rows`)).status).toBe(200)
    const plan = await reader.post(`/api/uploads/${uploadId}/chat/plan`, { plan: { aggregate: { op: 'count' } } })
    expect(plan.status).toBe(200)
    expect((await plan.json()).count).toBe(2)
    expect((await reader.post(`/api/uploads/${uploadId}/ai-fields/${field.id}/estimate`, { scope: 'all' })).status).toBe(200)
    const csv = await reader.post(`/api/uploads/${uploadId}/exports`, { format: 'csv', scope: 'all' })
    expect(csv.status).toBe(200)
    expect(await csv.text()).toContain('Ada')

    const refusedAsExpected: string[] = []
    const differences: string[] = []
    for (const route of apiRouteTable()) {
      if (scopeNeeded(route.method, route.path) === 'read' || isSessionOnlyPath(route.path)) continue
      const res = await reader.request(fillPath(route.path, { id: uploadId, fieldId: field.id }).replace(/\/\*$/, '/anything'), { method: route.method, json: {} })
      const body = res.status === 403 ? await errorOf(res) : undefined
      if (body?.message === API_TOKEN_MESSAGES.readScopeRefused(route.method)) refusedAsExpected.push(route.path)
      else differences.push(`${route.method} ${route.path}: ${res.status}`)
    }
    expect(differences).toEqual([])
    expect(refusedAsExpected.length).toBeGreaterThan(30)

    const detail = await (await browser.request(`/api/uploads/${uploadId}`)).json()
    expect(detail.filename).toBe('leads.csv')
    const { fields } = await (await browser.request(`/api/uploads/${uploadId}/ai-fields`)).json()
    expect(fields).toHaveLength(1)
  })

  it('refuses an expired token with a 401 that says when it expired, and lists it as expired', async () => {
    const { browser } = await t.signUpVerified()
    const expiresAt = new Date(Date.now() + 1_500).toISOString()
    const { token, id } = await createToken(browser, 'short-lived', 'read', expiresAt)
    expect((await t.bearer(token).request('/api/uploads')).status).toBe(200)
    const usedAt = (await (await browser.api['api-tokens'].$get()).json()).tokens[0]!.last_used_at

    await new Promise((resolve) => setTimeout(resolve, Date.parse(expiresAt) - Date.now() + 100))
    const res = await t.bearer(token).request('/api/uploads')
    expect(res.status).toBe(401)
    const when = `${expiresAt.slice(0, 16).replace('T', ' ')} UTC`
    expect(await errorOf(res)).toEqual({ code: 'UNAUTHORIZED', message: API_TOKEN_MESSAGES.expired(when) })

    const listed = (await (await browser.api['api-tokens'].$get()).json()).tokens
    expect(listed).toEqual([expect.objectContaining({ id, scope: 'read', expires_at: expiresAt, expired: true, last_used_at: usedAt })])
  })

  it('refuses tokens on billing and on the AI key and base URL routes, and changes nothing', async () => {
    const { browser } = await t.signUpVerified()
    const script = t.bearer((await createToken(browser)).token)
    const attempts = [
      await script.post('/api/billing/checkout', {}),
      await script.post('/api/billing/portal', {}),
      await script.post('/api/billing/payment-setup', { prefer_api_key: true }),
      await script.post('/api/billing/credits/consume', { operation_type: 'ai_enrichment', credits_needed: 1, idempotency_key: randomUUID() }),
      await script.request('/api/billing/subscription'),
      await script.post('/api/api-keys', { provider: 'openai_compatible', api_key: 'sk-x', base_url: 'https://rows.example.net/v1', model: 'm' }),
      await script.request('/api/api-keys/preference', { method: 'PUT', json: { prefer_api_key: true } }),
      await script.request('/api/api-keys'),
    ]
    for (const res of attempts) {
      expect(res.status).toBe(403)
      expect(await errorOf(res)).toEqual({ code: 'FORBIDDEN', message: API_TOKEN_MESSAGES.refused })
    }
    const subscription = await (await browser.request('/api/billing/subscription')).json()
    expect(subscription).toMatchObject({ subscribed: false, trial_started_at: null, prefer_api_key: false })
    const settings = await (await browser.request('/api/api-keys')).json()
    expect(settings).toMatchObject({ keys: [], prefer_api_key: false })
  })

  it('refuses a field it does not know on every route that reads a JSON body', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    const uploadId = await importCsv(browser, 'leads.csv', LEADS)
    const field = await (await browser.post(`/api/uploads/${uploadId}/ai-fields`, { name: 'Industry', prompt: 'Industry of {name}' })).json()
    const jsonRoutes = t.app.routes.filter((route) => route.path.startsWith('/api/') && validatedInputOf(route.handler)?.target === 'json')
    expect(jsonRoutes.length).toBeGreaterThan(20)

    const differences: string[] = []
    for (const route of jsonRoutes) {
      const res = await browser.request(fillPath(route.path, { id: uploadId, fieldId: field.id }), { method: route.method, json: { surely_not_a_field: true } })
      const body = res.status === 422 ? await errorOf(res) : undefined
      const issues = (body?.details ?? []) as Array<{ code: string; keys?: string[] }>
      if (!issues.some((issue) => issue.code === 'unrecognized_keys' && issue.keys?.includes('surely_not_a_field'))) {
        differences.push(`${route.method} ${route.path}: ${res.status}`)
      }
    }
    expect(differences).toEqual([])
  })
})
