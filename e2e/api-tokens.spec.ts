import { expect, test } from '@playwright/test'
import { API_TOKEN_MESSAGES, WEBHOOK_MESSAGES } from '../src/common/messages.ts'
import { newUser, signUpVerified } from './support/auth.ts'
import { screenshotsAt1280And375 } from './support/screenshots.ts'
import { toast } from './support/uploads.ts'

test('a user creates an API token with a scope and an expiry, copies it, calls the API with it, and revokes it', async ({ page, context, playwright, baseURL }) => {
  test.setTimeout(240_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signUpVerified(page, newUser('tokens'))
  await page.goto('/dashboard/api-settings')
  await expect(page.getByText(API_TOKEN_MESSAGES.title, { exact: true })).toBeVisible()
  await expect(page.getByText(API_TOKEN_MESSAGES.empty)).toBeVisible()
  await expect(page.getByRole('link', { name: API_TOKEN_MESSAGES.docsLink })).toHaveAttribute('href', '/docs/api')

  // The name is required before anything is sent.
  await page.getByRole('button', { name: 'Create token' }).click()
  await expect(page.getByText(API_TOKEN_MESSAGES.nameRequired)).toBeVisible()

  // A read-only token first: the form's default scope.
  await page.getByLabel('Token name').fill('Dashboard')
  await expect(page.getByRole('combobox', { name: API_TOKEN_MESSAGES.scopeLabel })).toHaveText(API_TOKEN_MESSAGES.scopeNames.read)
  await page.getByRole('button', { name: 'Create token' }).click()
  await expect(toast(page, API_TOKEN_MESSAGES.createdTitle)).toBeVisible()
  const readToken = (await page.getByTestId('new-api-token').textContent())!.trim()
  await page.getByRole('button', { name: 'Done' }).click()

  await page.getByLabel('Token name').fill('Nightly CRM sync')
  await page.getByRole('combobox', { name: API_TOKEN_MESSAGES.scopeLabel }).click()
  await page.getByRole('option', { name: API_TOKEN_MESSAGES.scopeNames.read_write }).click()
  await page.getByRole('combobox', { name: API_TOKEN_MESSAGES.expiryLabel }).click()
  await page.getByRole('option', { name: API_TOKEN_MESSAGES.expiryInDays(30) }).click()
  await page.getByRole('button', { name: 'Create token' }).click()
  // The first token's toast may still show: the newest is this one.
  await expect(toast(page, API_TOKEN_MESSAGES.createdTitle).first()).toBeVisible()
  const token = (await page.getByTestId('new-api-token').textContent())!.trim()
  expect(token).toMatch(/^rc_[A-Za-z0-9_-]{43}$/)

  await screenshotsAt1280And375(page, 'api-settings')

  // The new token's own Copy: the page has others (the MCP server's URL and configurations).
  await page.getByRole('status').filter({ has: page.getByTestId('new-api-token') }).getByRole('button', { name: 'Copy' }).click()
  await expect(toast(page, API_TOKEN_MESSAGES.copied)).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token)

  const list = page.getByRole('list', { name: 'Your API tokens' })
  const nightly = list.getByRole('listitem').filter({ hasText: 'Nightly CRM sync' })
  await expect(nightly).toBeVisible()
  await expect(nightly.getByText(`${token.slice(0, 10)}…`)).toBeVisible()
  await expect(nightly.getByText(/Never used/)).toBeVisible()
  await expect(nightly.getByText(API_TOKEN_MESSAGES.scopeNames.read_write)).toBeVisible()
  await expect(nightly.getByText(/Expires /)).toBeVisible()
  const dashboard = list.getByRole('listitem').filter({ hasText: 'Dashboard' })
  await expect(dashboard.getByText(API_TOKEN_MESSAGES.scopeNames.read)).toBeVisible()
  await expect(dashboard.getByText(API_TOKEN_MESSAGES.neverExpires, { exact: false })).toBeVisible()

  // Shown once: after a reload only its first characters remain.
  await page.reload()
  await expect(list.getByText('Nightly CRM sync')).toBeVisible()
  await expect(page.getByText(token)).toHaveCount(0)

  // A script with the token and no cookie acts as this user.
  const script = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } })
  expect((await script.get('/api/uploads')).status()).toBe(200)
  await page.reload()
  await expect(nightly.getByText(/Last used Just now/)).toBeVisible()

  // The read token reads, and is refused anything that changes data.
  const reader = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${readToken}` } })
  expect((await reader.get('/api/folders')).status()).toBe(200)
  const refusedWrite = await reader.post('/api/folders', { data: { name: 'From a read token' } })
  expect(refusedWrite.status()).toBe(403)
  expect((await refusedWrite.json()).error.message).toBe(API_TOKEN_MESSAGES.readScopeRefused('POST'))
  await reader.dispose()

  // A webhook the read-write token adds stops with the token.
  const hook = await script.post('/api/webhooks', { data: { url: 'http://127.0.0.1:9/hook', events: ['upload.completed'] } })
  expect(hook.status()).toBe(201)

  await page.getByRole('button', { name: 'Revoke Nightly CRM sync' }).click()
  await expect(page.getByText(API_TOKEN_MESSAGES.revokeConfirmTitle)).toBeVisible()
  await page.getByRole('button', { name: 'Revoke', exact: true }).click()
  await expect(toast(page, API_TOKEN_MESSAGES.revokedTitle)).toBeVisible()
  await expect(nightly).toHaveCount(0)
  await expect(page.getByText(WEBHOOK_MESSAGES.disabledReasons.token_revoked)).toBeVisible()
  await screenshotsAt1280And375(page, 'api-settings-scopes')

  const refused = await script.get('/api/uploads')
  expect(refused.status()).toBe(401)
  expect((await refused.json()).error.code).toBe('UNAUTHORIZED')
  await script.dispose()
})

test('the API reference renders from this server alone: every request elsewhere is blocked', async ({ page }) => {
  const elsewhere: string[] = []
  await page.context().route('**/*', (route) => {
    const { hostname } = new URL(route.request().url())
    if (hostname === 'localhost' || hostname === '127.0.0.1') return route.continue()
    elsewhere.push(route.request().url())
    return route.abort()
  })
  const refused: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text())
  })
  await page.goto('/docs/api')
  // The operations, grouped by section, from the document this server serves.
  const operations = page.locator('.opblock')
  // The viewer draws a document of over a hundred operations: allow for a machine busy with other work.
  await expect(operations.first()).toBeVisible({ timeout: 30_000 })
  expect(await operations.count()).toBeGreaterThan(60)
  await expect(page.locator('.opblock-tag', { hasText: 'Uploads' }).first()).toBeVisible()
  await expect(page.locator('.opblock-summary-path', { hasText: /^\/api\/uploads\/\{id\}\/rows$/ }).first()).toBeVisible()
  await page.locator('.opblock-summary', { hasText: '/api/uploads/{id}/rows' }).first().click()
  await expect(page.getByText('Parameters').first()).toBeVisible()
  await screenshotsAt1280And375(page, 'api-docs')
  expect(elsewhere).toEqual([])
  expect(refused).toEqual([])
})

test('the API reference says why it is empty when its viewer cannot be loaded, and links the document', async ({ page }) => {
  await page.route('**/docs/api/assets/swagger-ui-bundle.js*', (route) => route.abort())
  await page.goto('/docs/api')
  const note = page.getByRole('alert').filter({ hasText: API_TOKEN_MESSAGES.docsOffline })
  await expect(note).toBeVisible()
  await screenshotsAt1280And375(page, 'api-docs-offline')
  const [document] = await Promise.all([page.waitForResponse('**/api/openapi.json'), note.getByRole('link', { name: '/api/openapi.json' }).click()])
  expect(((await document.json()) as { openapi: string }).openapi).toMatch(/^3\.1/)
})
