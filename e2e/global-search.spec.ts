import { expect, test } from '@playwright/test'
import { GLOBAL_SEARCH_MESSAGES, GRID_MESSAGES } from '../src/common/messages.ts'
import { openUploadedGrid } from './support/grid.ts'
import { screenshotsAt1280And375 } from './support/screenshots.ts'
import { csvFile, postUpload, rowsTable } from './support/uploads.ts'

/** 130 leads; one company, far down, is the one searched for. */
function leadsWithNeedle() {
  const lines = ['Id,Name,Company,City']
  for (let i = 1; i <= 130; i += 1) lines.push(`${i},Person ${i},${i === 117 ? 'Quillfeather Analytics' : `Firm ${i}`},${i % 2 ? 'Oslo' : 'Lima'}`)
  return csvFile('search-leads.csv', lines)
}

test('searches every file from the dashboard and opens the chosen hit on its page, highlighted, with the keyboard', async ({ page, baseURL }) => {
  // A sign-up and two imports: over a minute on a busy machine.
  test.setTimeout(120_000)
  const uploadId = await openUploadedGrid(page, baseURL!, leadsWithNeedle(), 'search')
  // A second file whose value only contains the term inside a word: not a hit.
  const other = await postUpload(page, baseURL!, csvFile('other.csv', ['Name,Note', 'Ann,Met the Quillfeathers', 'Bo,unquillfeather', 'Cy,Nothing', 'Di,Still nothing']))
  expect(other.status()).toBe(201)
  const { upload_id: otherId } = (await other.json()) as { upload_id: string }
  await expect
    .poll(async () => ((await (await page.request.get(`/api/uploads/${otherId}`)).json()) as { status: string }).status, { timeout: 30_000 })
    .toBe('completed')
  await page.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  const box = page.getByRole('combobox', { name: GLOBAL_SEARCH_MESSAGES.label })
  await box.fill('zzzz-nothing')
  await expect(page.getByText(GLOBAL_SEARCH_MESSAGES.noResults('zzzz-nothing'))).toBeVisible()

  await box.fill('quillfeather')
  const results = page.getByRole('listbox', { name: GLOBAL_SEARCH_MESSAGES.label })
  const options = results.getByRole('option')
  // The value that starts with the term comes first; 'unquillfeather' is no hit.
  await expect(options).toHaveCount(2, { timeout: 15_000 })
  await expect(options.first()).toContainText('Quillfeather Analytics')
  await expect(options.first()).toContainText('search-leads.csv')
  await expect(options.first()).toContainText('Company')
  await expect(options.first()).toContainText(GLOBAL_SEARCH_MESSAGES.rowLabel(117))
  await expect(options.first()).toContainText('Person 117')
  await expect(options.nth(1)).toContainText('Met the Quillfeathers')
  await screenshotsAt1280And375(page, 'global-search')
  await box.focus()

  await box.press('ArrowDown')
  await box.press('ArrowDown')
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true')
  await box.press('ArrowUp')
  await expect(options.first()).toHaveAttribute('aria-selected', 'true')
  await box.press('Enter')

  await expect(page).toHaveURL(new RegExp(`/dashboard/${uploadId}`))
  const row = rowsTable(page).locator('[data-row-index="116"]')
  await expect(row).toHaveAttribute('data-highlighted', 'true', { timeout: 15_000 })
  await expect(row).toBeInViewport()
  await expect(row.getByRole('gridcell').first()).toHaveText('117')
  await expect(page.getByRole('navigation', { name: GRID_MESSAGES.pagination }).getByRole('button', { name: GRID_MESSAGES.goToPage(3) })).toHaveAttribute('aria-current', 'page')
})

test('Ctrl+K focuses the search box from another page; Escape closes the results', async ({ page, baseURL }) => {
  test.setTimeout(120_000)
  await openUploadedGrid(page, baseURL!, leadsWithNeedle(), 'search-key')
  await page.getByRole('link', { name: 'File Storage' }).click()
  await expect(page).toHaveURL(/\/dashboard\/files$/)

  await page.keyboard.press('Control+k')
  await expect(page).toHaveURL(/\/dashboard$/)
  const box = page.getByRole('combobox', { name: GLOBAL_SEARCH_MESSAGES.label })
  await expect(box).toBeFocused()

  await page.keyboard.type('lima')
  const results = page.getByRole('listbox', { name: GLOBAL_SEARCH_MESSAGES.label })
  await expect(results.getByRole('option')).toHaveCount(8)
  await page.keyboard.press('Escape')
  await expect(results).toBeHidden()

  // On the dashboard itself, it moves the focus back into the box.
  await page.getByRole('heading', { level: 1 }).click()
  await expect(box).not.toBeFocused()
  await page.keyboard.press('Control+k')
  await expect(box).toBeFocused()
})
