import { expect, test } from '@playwright/test'
import { AI_COLUMN_MESSAGES, SECRET_MESSAGES } from '../src/common/messages.ts'
import { FAKE_SOURCE_PORT } from './support/fake-ai.ts'
import { columnHeader, columnValues, expectColumnValues, gridCell, openUploadedGrid } from './support/grid.ts'
import { screenshotsAt1280And375 } from './support/screenshots.ts'
import { csvFile, toast } from './support/uploads.ts'

const PEOPLE = csvFile('people.csv', ['First Name,Last Name,Domain', 'Ann,Ng,acme.example', 'Bo,Li,globex.example', 'Cy,Ra,unknown.example'])

test('an HTTP API column from a template: the key saved as a secret, tested on a row, run, and a cell read with its request', async ({ page, baseURL }) => {
  // Sign-up, a secret, a test, a column and its run: a long journey on a busy machine.
  test.slow()
  const uploadId = await openUploadedGrid(page, baseURL!, PEOPLE, 'http-column')

  // The provider's key is saved once, under API Settings > Secrets, and never shown again.
  await page.goto('/dashboard/api-settings')
  const secrets = page.getByRole('form', { name: 'Add a secret' })
  await secrets.getByLabel('Name').fill('HUNTER_API_KEY')
  await secrets.getByLabel('Value').fill('hunter-secret-key')
  await secrets.getByRole('button', { name: 'Save secret' }).click()
  await expect(toast(page, SECRET_MESSAGES.saved)).toBeVisible()
  await expect(page.getByRole('list', { name: 'Your secrets' })).toContainText('HUNTER_API_KEY')
  await expect(page.getByText('hunter-secret-key')).toHaveCount(0)
  await screenshotsAt1280And375(page, 'api-settings-secrets')

  await page.goto(`/dashboard/${uploadId}`)
  await page.getByRole('button', { name: 'HTTP API column' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add HTTP API column' })
  await dialog.getByRole('combobox', { name: 'Template' }).click()
  await page.getByRole('option', { name: 'Hunter: Find a work e-mail' }).click()
  // The columns it reads are matched to the file's by name.
  await expect(dialog.getByRole('combobox', { name: 'Column for First name' })).toHaveText('First Name')
  await expect(dialog.getByRole('combobox', { name: 'Column for Domain' })).toHaveText('Domain')
  await expect(dialog.getByLabel('Query parameters value 1')).toHaveValue('{Domain}')
  await expect(dialog.getByLabel('Headers value 1')).toHaveValue('{secret:HUNTER_API_KEY}')
  // Hunter's API stands in for the real one at a local address.
  const url = dialog.getByLabel('URL')
  await url.fill((await url.inputValue()).replace('https://api.hunter.io', `http://127.0.0.1:${FAKE_SOURCE_PORT}`))

  await dialog.getByRole('button', { name: 'Test on a row' }).click()
  const result = dialog.getByLabel('Test result')
  await expect(result).toContainText('HTTP 200')
  await expect(result).toContainText('Email:ann.ng@acme.example')
  await expect(result).toContainText('Email score:91')
  await expect(result).not.toContainText('hunter-secret-key')
  await screenshotsAt1280And375(page, 'http-column-dialog')

  await dialog.getByRole('button', { name: 'Create column' }).click()
  const estimate = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.estimateTitle('Email') })
  await expect(estimate).toBeVisible()
  await estimate.getByRole('button', { name: AI_COLUMN_MESSAGES.start }).click()

  await expect(columnHeader(page, 'Email score')).toBeVisible({ timeout: 30_000 })
  await expectColumnValues(page, 'Email score', ['91', '91', ''])
  await expect.poll(async () => (await columnValues(page, 'Email')).slice(0, 2)).toEqual(['ann.ng@acme.example', 'bo.li@globex.example'])
  // The row the provider found nothing for is an error that says so, never a value.
  await expect.poll(async () => (await columnValues(page, 'Email'))[2]).toContain('Nothing at data.email in the answer')

  // The cell that found nothing says so; a done cell shows the request it came from.
  const found = await gridCell(page, 1, 'Email')
  await found.click()
  await found.press('Enter')
  const detail = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.detailTitle('Email', 1) })
  await expect(detail.getByTestId('ai-cell-status')).toHaveText(AI_COLUMN_MESSAGES.statuses.done)
  await expect(detail.getByText(`GET http://127.0.0.1:${FAKE_SOURCE_PORT}/v2/email-finder?domain=acme.example`)).toBeVisible()
  await expect(detail).toContainText('HTTP 200')
  await expect(detail).not.toContainText('hunter-secret-key')
  await page.keyboard.press('Escape')
  const empty = await gridCell(page, 3, 'Email')
  await empty.click()
  await empty.press('Enter')
  const failed = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.detailTitle('Email', 3) })
  await expect(failed).toContainText('Nothing at data.email in the answer')
})
