import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { DUPLICATES_MESSAGES, GRID_MESSAGES, QUALITY_REPORT_MESSAGES, UPLOAD_DETAIL_MESSAGES } from '../src/common/messages.ts'
import { openUploadedGrid } from './support/grid.ts'
import { screenshotsAt1280And375 } from './support/screenshots.ts'
import { csvFile, toast } from './support/uploads.ts'

/** Five leads, each written three times (10 exact repeats), and Ann once more in other case and spaces (a near repeat). */
const leads = [
  ['Ann Ng', 'ann@acme.example', 'Acme'],
  ['Bo Li', 'bo@globex.example', 'Globex'],
  ['Cy Ra', 'cy@initech.example', 'Initech'],
  ['Di Wu', 'di@umbrella.example', 'Umbrella'],
  ['Ed Ko', 'ed@hooli.example', 'Hooli'],
]
const lines = ['Name,Email,Company', ...[0, 1, 2].flatMap(() => leads.map((lead) => lead.join(','))), 'Ann Ng, ANN@Acme.example ,Acme Corp']

test('Remove duplicates: the report counts them, the dialog counts them before deleting, offers them as a CSV, and the rows drop', async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, csvFile('dupes.csv', lines), 'dupes')
  await expect(page.getByText(GRID_MESSAGES.summary(16, 3))).toBeVisible()

  // The quality report no longer calls a list with repeats clean.
  await page.getByRole('button', { name: UPLOAD_DETAIL_MESSAGES.viewDetails }).click()
  const report = page.getByRole('dialog', { name: QUALITY_REPORT_MESSAGES.title })
  // Duplicates are records repeated by their identity (the e-mail here): the count the dialog finds first.
  await expect(report.getByRole('list', { name: DUPLICATES_MESSAGES.reportHeading }).getByRole('listitem')).toHaveText([
    DUPLICATES_MESSAGES.recordRows(11, ['Email']),
  ])
  // The reader found nothing wrong, and says so under its heading.
  await expect(report.getByText(QUALITY_REPORT_MESSAGES.noIssues)).toBeVisible()
  await expect(report.getByText(DUPLICATES_MESSAGES.recommend)).toBeVisible()
  await page.keyboard.press('Escape')

  // The e-mail column is chosen first; the near repeat counts with the exact ones.
  await page.getByRole('button', { name: DUPLICATES_MESSAGES.openButton }).click()
  const dialog = page.getByRole('dialog', { name: DUPLICATES_MESSAGES.title })
  await expect(dialog.getByRole('checkbox', { name: 'Email' })).toBeChecked()
  await expect(dialog.getByRole('status')).toHaveText(DUPLICATES_MESSAGES.found(11, 5))
  await dialog.getByLabel(DUPLICATES_MESSAGES.compareAll).check()
  await expect(dialog.getByRole('status')).toHaveText(DUPLICATES_MESSAGES.found(10, 5))
  await dialog.getByLabel(DUPLICATES_MESSAGES.compareChosen).check()
  await expect(dialog.getByRole('status')).toHaveText(DUPLICATES_MESSAGES.found(11, 5))
  await screenshotsAt1280And375(page, 'remove-duplicates')

  // The rows to go, downloaded before anything is deleted.
  const downloading = page.waitForEvent('download')
  await dialog.getByRole('button', { name: DUPLICATES_MESSAGES.download(11) }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('duplicates_dupes.csv')
  const csv = await readFile(await download.path(), 'utf8')
  expect(csv.trim().split(/\r?\n/)).toHaveLength(12)
  expect(csv).toContain('ANN@Acme.example')
  await expect(page.getByText(GRID_MESSAGES.summary(16, 3))).toBeVisible()

  await dialog.getByRole('button', { name: DUPLICATES_MESSAGES.remove(11) }).click()
  await expect(toast(page, DUPLICATES_MESSAGES.removed(11))).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(GRID_MESSAGES.summary(5, 3))).toBeVisible()

  await page.getByRole('button', { name: UPLOAD_DETAIL_MESSAGES.viewDetails }).click()
  await expect(page.getByRole('dialog', { name: QUALITY_REPORT_MESSAGES.title }).getByText(QUALITY_REPORT_MESSAGES.noIssues)).toBeVisible()
})
