import { expect, test } from '@playwright/test'
import { newUser, signUpVerified } from './support/auth.ts'
import { postUpload, toast } from './support/uploads.ts'
import { AI_COLUMN_MESSAGES, AI_FIELD_MESSAGES, AUTH_MESSAGES, TEMPLATE_MESSAGES } from '../src/common/messages.ts'

const LONG_PROMPT = `Research {Company} and write two sentences about what it sells, who buys it and how big it is. ${'Keep it factual. '.repeat(4)}`

test('a user creates, edits, searches and deletes AI field templates', async ({ page }) => {
  // A long journey on a shared, busy machine.
  test.setTimeout(180_000)
  await signUpVerified(page, newUser('library'))
  await page.goto('/dashboard/ai-fields')
  await expect(page.getByRole('heading', { name: /AI Fields Library/ })).toBeVisible()
  await expect(page.getByText('No templates yet')).toBeVisible()
  await expect(page.getByTestId('template-count')).toHaveText('0')

  // Required fields: nothing is saved and the spec's message shows.
  await page.getByRole('button', { name: 'Create your first template' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Template' })
  await dialog.getByLabel('Template Name *').fill('   ')
  await dialog.getByRole('button', { name: 'Create Template' }).click()
  await expect(toast(page, 'Validation Error', 'Please fill in all required fields.')).toBeVisible()
  await expect(dialog).toBeVisible()

  await dialog.getByLabel('Template Name *').fill('Company research')
  await dialog.getByLabel('Field Name *').fill('Summary')
  await dialog.getByLabel('Prompt *').fill(LONG_PROMPT)
  await dialog.getByRole('switch', { name: 'Advanced web search' }).click()
  await dialog.getByRole('button', { name: 'Create Template' }).click()
  await expect(toast(page, 'AI field template created successfully.')).toBeVisible()
  await expect(dialog).toBeHidden()

  const card = page.getByTestId('template-card').filter({ hasText: 'Company research' })
  await expect(card.getByText('Advanced Search')).toBeVisible()
  await expect(card.getByText('Not used in any projects yet')).toBeVisible()
  await expect(card.getByText('Updated: Just now')).toBeVisible()
  await expect(card.getByText(`${LONG_PROMPT.slice(0, 100).trimEnd()}...`)).toBeVisible()
  await card.getByRole('button', { name: 'Show full prompt' }).click()
  await expect(card.getByText(LONG_PROMPT.trim())).toBeVisible()

  await page.getByRole('button', { name: 'Create Template' }).click()
  await dialog.getByLabel('Template Name *').fill('Lead score')
  await dialog.getByLabel('Field Name *').fill('Score')
  await dialog.getByLabel('Prompt *').fill('Rate {Company} from 1 to 10.')
  await dialog.getByRole('button', { name: 'Create Template' }).click()
  await expect(toast(page, 'AI field template created successfully.')).toBeVisible()
  await expect(page.getByTestId('template-count')).toHaveText('2')
  // Newest-updated first.
  await expect(page.getByTestId('template-card').first()).toContainText('Lead score')
  await expect(page.getByTestId('template-card').filter({ hasText: 'Lead score' }).getByText('Advanced Search')).toHaveCount(0)

  // Edit: the dialog opens with the saved values; the card shows the change.
  await page.getByRole('button', { name: 'Actions for Company research' }).click()
  await page.getByRole('menuitem', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Template' })
  await expect(edit.getByLabel('Field Name *')).toHaveValue('Summary')
  await edit.getByLabel('Template Name *').fill('Company profile')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page, 'AI field template updated successfully.')).toBeVisible()
  await expect(page.getByTestId('template-card').first()).toContainText('Company profile')

  // Search by name or prompt; the badge counts what is shown.
  const search = page.getByPlaceholder('Search templates...')
  await search.fill('rate {company}')
  await expect(page.getByTestId('template-card')).toHaveCount(1)
  await expect(page.getByTestId('template-count')).toHaveText('1')
  await search.fill('no such template')
  await expect(page.getByText('No templates found')).toBeVisible()
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(page.getByTestId('template-card')).toHaveCount(2)

  // Delete asks first.
  await page.getByRole('button', { name: 'Actions for Lead score' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete template?' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('template-card')).toHaveCount(2)
  await page.getByRole('button', { name: 'Actions for Lead score' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'AI field template deleted successfully.')).toBeVisible()
  await expect(page.getByTestId('template-card')).toHaveCount(1)
  await page.goto(page.url())
  await expect(page.getByTestId('template-card')).toHaveCount(1)
  await expect(page.getByTestId('template-card')).toContainText('Company profile')
})

test('says when the templates cannot be read, in the library and in the AI column dialog, and offers to try again', async ({ page, baseURL }) => {
  await signUpVerified(page, newUser('library-down'))
  await page.route('**/api/templates*', (route) => route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Internal error' } } }))
  await page.goto('/dashboard/ai-fields')
  // Server errors are retried twice first.
  await expect(toast(page, AUTH_MESSAGES.errorTitle, TEMPLATE_MESSAGES.fetchFailed)).toBeVisible({ timeout: 10_000 })
  await expect(page.getByRole('alert').filter({ hasText: TEMPLATE_MESSAGES.fetchFailed })).toBeVisible()
  await page.unroute('**/api/templates*')
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByText('No templates yet')).toBeVisible()

  // The AI column dialog works without its templates, and says they could not be read.
  const created = await postUpload(page, baseURL!, { name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from('Name,Company\nAda,Acme\n') })
  const { upload_id: uploadId } = (await created.json()) as { upload_id: string }
  await page.route('**/api/templates*', (route) => route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Internal error' } } }))
  await expect.poll(async () => ((await (await page.request.get(`/api/uploads/${uploadId}`)).json()) as { status: string }).status).toBe('completed')
  await page.goto(`/dashboard/${uploadId}`)
  await page.getByRole('button', { name: AI_COLUMN_MESSAGES.enrichWithAi }).click()
  await expect(toast(page, AI_FIELD_MESSAGES.errorTitle, TEMPLATE_MESSAGES.fetchFailed)).toBeVisible({ timeout: 10_000 })
  await expect(page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.createTitle })).toBeVisible()
})
