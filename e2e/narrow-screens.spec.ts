import { expect, test, type Locator, type Page } from '@playwright/test'
import { AI_COLUMN_MESSAGES, AI_FIELD_MESSAGES, UPLOAD_MESSAGES } from '../src/common/messages.ts'
import { newUser, signUpVerified } from './support/auth.ts'
import { csvFile, leadsCsv, openSidebarUploadDialog, toast } from './support/uploads.ts'

/** What a phone shows (375 px), and what a laptop shows, for the screenshots of the pages changed. */
const PHONE = { width: 375, height: 740 }
const LAPTOP = { width: 1280, height: 800 }
const shots = process.env.E2E_SCREENSHOTS_DIR

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox()
  expect(box, 'the element is laid out').not.toBeNull()
  return box!
}

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
/** Within the left and right edges (a dialog taller than the screen scrolls its content up and down). */
const isWithinWidth = (inner: Box, outer: Box) => inner.x >= outer.x - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5

/** The boxes of the first elements matching `selectors`, read in one go once all are laid out (a toast does not wait). */
async function boxesTogether(page: Page, selectors: [string, string]): Promise<[Box, Box]> {
  let boxes: [Box, Box] | null = null
  await expect
    .poll(async () => {
      boxes = await page.evaluate((list) => {
        const rects = list.map((selector) => document.querySelector(selector)?.getBoundingClientRect())
        return rects.every((r) => r && r.width > 0) ? rects.map((r) => ({ x: r!.x, y: r!.y, width: r!.width, height: r!.height })) : null
      }, selectors) as [Box, Box] | null
      return boxes !== null
    }, { intervals: [50] })
    .toBe(true)
  return boxes!
}

async function screenshot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` })
}

test('the Header Detection dialog fits a 375 px screen: the title wraps, the preview table scrolls inside the dialog', async ({ page }) => {
  await signUpVerified(page, newUser('narrow-header'))
  const upload = await openSidebarUploadDialog(page)
  await page.setViewportSize(PHONE)
  const rows = Array.from({ length: 6 }, (_, i) => [String(i + 1), `2024-0${i + 1}-05`, `${40 + i}.5`, `Somewhere long street ${i}`, `contact-${i}@example.org`, 'a long enough note'])
  await upload.getByTestId('upload-file-input').setInputFiles(csvFile('noheader.csv', rows.map((row) => row.join(','))))

  const headers = page.getByRole('dialog', { name: UPLOAD_MESSAGES.headerDialogTitle('noheader.csv') })
  await expect(headers).toBeVisible()
  const dialog = await boxOf(headers)
  expect(dialog.x).toBeGreaterThanOrEqual(0)
  expect(dialog.x + dialog.width).toBeLessThanOrEqual(PHONE.width)
  const title = headers.getByRole('heading', { name: UPLOAD_MESSAGES.headerDialogTitle('noheader.csv') })
  expect(isWithinWidth(await boxOf(title), dialog)).toBe(true)
  // Not cut: the whole title is laid out within its box.
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  expect(isWithinWidth(await boxOf(headers.getByText('Check which row holds the column names')), dialog)).toBe(true)
  const table = headers.getByRole('table', { name: 'First 5 rows of noheader.csv' })
  const scroller = table.locator('xpath=..')
  expect(isWithinWidth(await boxOf(scroller), dialog)).toBe(true)
  // The table is wider than a phone: it scrolls inside the dialog.
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  for (const button of [UPLOAD_MESSAGES.noHeaders, UPLOAD_MESSAGES.useAsHeaders]) {
    expect(isWithinWidth(await boxOf(headers.getByRole('button', { name: button })), dialog)).toBe(true)
  }
  await screenshot(page, 'header-detection-375')
  await page.setViewportSize(LAPTOP)
  await screenshot(page, 'header-detection-1280')
})

test("at 375 px a toast covers neither a page's title nor the Run dialog's close button", async ({ page }) => {
  await signUpVerified(page, newUser('narrow-toast'))
  const upload = await openSidebarUploadDialog(page)
  await page.setViewportSize(PHONE)
  await upload.getByTestId('upload-file-input').setInputFiles(leadsCsv('narrow.csv'))
  // 'Upload successful' is still up when the file's page opens (the dialog closes 1.5 s after it).
  const [toastBox, titleBox] = await boxesTogether(page, [`[data-sonner-toast]`, 'main h1'])
  expect(overlaps(toastBox, titleBox)).toBe(false)
  expect(isWithinWidth(toastBox, { x: 0, y: 0, ...PHONE })).toBe(true)
  await screenshot(page, 'toast-title-375')

  await page.getByRole('button', { name: AI_COLUMN_MESSAGES.enrichWithAi }).click()
  const create = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.createTitle })
  await create.getByLabel(AI_COLUMN_MESSAGES.columnName).fill('Industry')
  await create.getByRole('combobox', { name: AI_COLUMN_MESSAGES.prompt }).fill('What industry is {Company} in?')
  await create.getByRole('button', { name: AI_COLUMN_MESSAGES.create, exact: true }).click()
  // The field is created and its Run dialog opens at once, with the toast still up.
  const created = toast(page, AI_FIELD_MESSAGES.fieldCreated)
  await expect(created).toBeVisible()
  const run = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.estimateTitle('Industry') })
  await expect(run).toBeVisible()
  const close = run.getByRole('button', { name: 'Close' })
  const [createdBox, closeBox] = await boxesTogether(page, ['[data-sonner-toast]', '[role="dialog"] [data-slot="dialog-close"]'])
  expect(overlaps(createdBox, closeBox)).toBe(false)
  await screenshot(page, 'toast-run-dialog-375')
  await close.click()
  await expect(run).toBeHidden()
})

test('the usage history shows its When column on a 375 px screen', async ({ page }) => {
  await signUpVerified(page, newUser('narrow-usage'))
  await page.setViewportSize(PHONE)
  await page.goto('/dashboard/subscription')
  const history = page.getByRole('table', { name: 'Usage History' })
  await expect(history.getByRole('row')).not.toHaveCount(0)
  // The whole table is in its box: nothing to scroll sideways to.
  const frame = history.locator('xpath=ancestor::*[@data-slot="card-content"][1]')
  const visible = await boxOf(frame)
  expect(isWithinWidth(visible, { x: 0, y: 0, ...PHONE })).toBe(true)
  expect(isWithinWidth(await boxOf(history.getByRole('columnheader', { name: 'When' })), visible)).toBe(true)
  expect(isWithinWidth(await boxOf(history.getByRole('row').nth(1).getByRole('cell').last()), visible)).toBe(true)
  expect(await history.evaluate((table) => table.scrollWidth <= table.parentElement!.clientWidth)).toBe(true)
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await page.evaluate(() => document.querySelector('table')?.closest('[data-slot="card"]')?.scrollIntoView())
  await screenshot(page, 'usage-375')
  await page.setViewportSize(LAPTOP)
  await screenshot(page, 'usage-1280')
})
