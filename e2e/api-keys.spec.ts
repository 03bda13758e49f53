import { expect, test } from '@playwright/test'
import { API_KEY_MESSAGES } from '../src/common/messages.ts'
import { startFakeAiServer, type FakeAiServer } from '../src/server/test/fake-ai-server.ts'
import { newUser, signUpVerified } from './support/auth.ts'
import { toast } from './support/uploads.ts'

let fake: FakeAiServer
test.beforeAll(async () => {
  fake = await startFakeAiServer()
})
test.afterAll(async () => {
  await fake?.stop()
})

test('a user saves an own key, switches to it, and removes it', async ({ page }) => {
  // A long journey on a shared, busy machine.
  test.setTimeout(180_000)
  await signUpVerified(page, newUser('keys'))
  await page.goto('/dashboard/api-settings')
  await expect(page.getByRole('heading', { name: 'API Settings' })).toBeVisible()
  await expect(page.getByText('Current Configuration')).toBeVisible()
  await expect(page.getByText('No API key saved yet. AI actions use platform credits.')).toBeVisible()
  await expect(page.getByTestId('payment-method-status').first()).toHaveText('Using Platform Credits')
  const ownKeySwitch = page.getByRole('switch', { name: /Use my API key/ })
  await expect(ownKeySwitch).toBeDisabled()

  // The form's rules hold before anything is sent: a blank key, then a Perplexity key without 'pplx-'.
  const save = page.getByRole('button', { name: 'Save API Key' })
  await save.click()
  await expect(page.getByText('Please enter a valid API key')).toBeVisible()
  await page.getByLabel('API Key', { exact: true }).fill('sk-not-perplexity')
  await save.click()
  await expect(page.getByText("Perplexity API keys should start with 'pplx-'.")).toBeVisible()
  expect(fake.calls).toHaveLength(0)

  // A cloud metadata address is never called, whatever the operator allows: the form says why under the base URL.
  await page.getByRole('combobox', { name: 'Provider' }).click()
  await page.getByRole('option', { name: 'OpenAI-compatible server' }).click()
  await page.getByLabel('Base URL').fill('http://169.254.169.254/v1')
  await page.getByLabel('Model').fill('llama3.1')
  await page.getByLabel('API Key', { exact: true }).fill('sk-local-key-9876')
  await save.click()
  await expect(toast(page, 'Error', API_KEY_MESSAGES.baseUrlReserved)).toBeVisible()
  await expect(page.getByLabel('Base URL')).toHaveAttribute('aria-invalid', 'true')
  expect(fake.calls).toHaveLength(0)

  // A local OpenAI-compatible server (this server's operator allows private addresses: ALLOW_PRIVATE_AI_URLS):
  // the key is checked against it, then shown by its last four characters.
  await page.getByLabel('Base URL').fill(`${fake.url}/v1`)
  await page.getByLabel('API Key', { exact: true }).fill('sk-invalid-local')
  await save.click()
  await expect(toast(page, 'Error', 'The provided API key is not valid. Please check and try again.')).toBeVisible()

  await page.getByLabel('API Key', { exact: true }).fill('sk-local-key-9876')
  await save.click()
  await expect(toast(page, 'API Key Saved')).toBeVisible()
  await expect(page.getByText('••••••••9876')).toBeVisible()
  await expect(page.getByText('sk-local-key-9876')).toHaveCount(0)
  expect(fake.calls.at(-1)).toMatchObject({ path: '/v1/chat/completions', model: 'llama3.1', apiKey: 'sk-local-key-9876' })

  await expect(ownKeySwitch).toBeEnabled()
  await ownKeySwitch.click()
  await expect(toast(page, 'Preference Updated', 'Now using your API key by default.')).toBeVisible()
  await expect(page.getByTestId('payment-method-status').first()).toHaveText('Using Your API Key')
  await page.goto(page.url())
  await expect(page.getByRole('switch', { name: /Use my API key/ })).toBeChecked()

  await page.getByRole('switch', { name: /Use my API key/ }).click()
  await expect(toast(page, 'Preference Updated', 'Now using platform credits by default.')).toBeVisible()
  await page.getByRole('switch', { name: /Use my API key/ }).click()
  await expect(page.getByTestId('payment-method-status').first()).toHaveText('Using Your API Key')

  // Removing asks first; after it, the switch is off and unavailable again.
  await page.getByRole('button', { name: 'Remove OpenAI-compatible server key' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Remove API key?' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText('••••••••9876')).toBeVisible()
  await page.getByRole('button', { name: 'Remove OpenAI-compatible server key' }).click()
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await expect(toast(page, 'API Key Removed')).toBeVisible()
  await expect(page.getByText('No API key saved yet. AI actions use platform credits.')).toBeVisible()
  await expect(page.getByTestId('payment-method-status').first()).toHaveText('Using Platform Credits')
  await expect(page.getByRole('switch', { name: /Use my API key/ })).toBeDisabled()
  await expect(page.getByRole('switch', { name: /Use my API key/ })).not.toBeChecked()
})
