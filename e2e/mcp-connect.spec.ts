import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { expect, test } from '@playwright/test'
import { API_TOKEN_MESSAGES, MCP_MESSAGES } from '../src/common/messages.ts'
import { newUser, signUpVerified } from './support/auth.ts'
import { screenshotsAt1280And375 } from './support/screenshots.ts'
import { toast } from './support/uploads.ts'

test('a user copies an MCP client configuration from API Settings, and an assistant connects with it and a read token', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signUpVerified(page, newUser('mcp'))
  await page.goto('/dashboard/api-settings')
  await expect(page.getByText(MCP_MESSAGES.title, { exact: true })).toBeVisible()
  const url = `${baseURL}/mcp`
  await expect(page.getByTestId('mcp-url')).toHaveText(url)

  await page.getByLabel('Token name').fill('Assistant')
  await page.getByRole('button', { name: 'Create token' }).click()
  await expect(toast(page, API_TOKEN_MESSAGES.createdTitle)).toBeVisible()
  const token = (await page.getByTestId('new-api-token').textContent())!.trim()
  await page.getByRole('button', { name: 'Done' }).click()

  await page.getByRole('tab', { name: MCP_MESSAGES.clients.cursor }).click()
  await page.getByRole('button', { name: MCP_MESSAGES.copyConfig(MCP_MESSAGES.clients.cursor) }).click()
  await expect(toast(page, MCP_MESSAGES.copied)).toBeVisible()
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { mcpServers: { rowcraft: { url: string; headers: Record<string, string> } } }
  expect(copied.mcpServers.rowcraft.url).toBe(url)
  expect(copied.mcpServers.rowcraft.headers.Authorization).toBe(`Bearer ${MCP_MESSAGES.tokenPlaceholder}`)
  await screenshotsAt1280And375(page, 'mcp-connect')
  // On a phone the long configuration lines scroll inside their box, not the page.
  await page.setViewportSize({ width: 375, height: 800 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await page.setViewportSize({ width: 1280, height: 720 })

  // What the copied configuration makes an assistant do, with the placeholder replaced by the token.
  const client = new Client({ name: 'e2e-assistant', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(copied.mcpServers.rowcraft.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }))
  const tools = (await client.listTools()).tools.map((tool) => tool.name)
  expect(tools).toContain('list_files')
  expect(tools).not.toContain('create_ai_column')
  await client.close()
})
