import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { Webhook } from 'standardwebhooks'
import { WEBHOOK_MESSAGES } from '../src/common/messages.ts'
import { newUser, signUpVerified } from './support/auth.ts'
import { toast } from './support/uploads.ts'

type Received = { headers: Record<string, string>; body: string }
const received: Received[] = []
let server: Server
let receiverUrl: string
test.beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body })
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
})
test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
})

test('a user adds a webhook, sends a test event signed with the secret shown once, resends it, and removes the webhook', async ({ page }) => {
  test.setTimeout(120_000)
  await signUpVerified(page, newUser('hooks'))
  await page.goto('/dashboard/api-settings')
  await expect(page.getByText(WEBHOOK_MESSAGES.empty)).toBeVisible()

  await page.getByLabel('Endpoint URL').fill(receiverUrl)
  await page.getByRole('button', { name: 'Add webhook' }).click()
  await expect(toast(page, WEBHOOK_MESSAGES.createdTitle)).toBeVisible()
  const secret = (await page.getByTestId('new-webhook-secret').textContent())!.trim()
  expect(secret).toMatch(/^whsec_/)

  const deliveries = page.getByRole('table', { name: `Recent deliveries to ${receiverUrl}` })
  await page.getByRole('button', { name: 'Send test event' }).click()
  await expect(toast(page, WEBHOOK_MESSAGES.testSent)).toBeVisible()
  await expect(deliveries.getByText('succeeded')).toBeVisible({ timeout: 20_000 })
  expect(received).toHaveLength(1)
  expect(new Webhook(secret).verify(received[0]!.body, received[0]!.headers)).toMatchObject({ type: 'webhook.test' })

  await deliveries.getByRole('button', { name: 'Resend' }).click()
  await expect(toast(page, WEBHOOK_MESSAGES.resent)).toBeVisible()
  await expect(deliveries.getByText('succeeded')).toHaveCount(2, { timeout: 20_000 })
  expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id'])

  // Shown once: after a reload the secret is gone from the page.
  await page.reload()
  await expect(page.getByText(secret)).toHaveCount(0)
  await page.getByRole('button', { name: `Remove webhook ${receiverUrl}` }).click()
  await page.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(toast(page, WEBHOOK_MESSAGES.deletedTitle)).toBeVisible()
  await expect(page.getByText(WEBHOOK_MESSAGES.empty)).toBeVisible()
})
