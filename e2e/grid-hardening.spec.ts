import { expect, test } from '@playwright/test'
import { GRID_MESSAGES } from '../src/common/messages.ts'
import { gridCell, gridLeadsCsv, openUploadedGrid } from './support/grid.ts'
import { toast } from './support/uploads.ts'

test('a number cell refuses text with a message and keeps its value; the date editor shows the grid format', async ({ page, baseURL }) => {
  const uploadId = await openUploadedGrid(page, baseURL!, gridLeadsCsv())

  // Enter on text a number column cannot read: the editor says why and stays open.
  await (await gridCell(page, 1, 'Employees')).dblclick()
  const editor = page.getByLabel(GRID_MESSAGES.editCell('Employees', 1))
  await expect(editor).toHaveValue('120')
  await editor.fill('abc')
  await editor.press('Enter')
  await expect(page.getByRole('alert').filter({ hasText: GRID_MESSAGES.cellNeedsNumber('Employees') })).toBeVisible()
  await expect(editor).toHaveAttribute('aria-invalid', 'true')
  await expect(editor).toBeFocused()
  await editor.press('Escape')
  await expect(await gridCell(page, 1, 'Employees')).toHaveText('120')

  // Leaving the cell on such text keeps the old value and says so.
  await (await gridCell(page, 2, 'Employees')).dblclick()
  await page.getByLabel(GRID_MESSAGES.editCell('Employees', 2)).fill('forty')
  await (await gridCell(page, 3, 'Name')).click()
  await expect(toast(page, GRID_MESSAGES.cellNeedsNumber('Employees'), GRID_MESSAGES.cellKeptOld)).toBeVisible()
  await expect(await gridCell(page, 2, 'Employees')).toHaveText('45')

  // The server refuses it too, whoever sends it.
  const refused = await page.request.patch(`/api/uploads/${uploadId}/rows/0`, {
    headers: { origin: baseURL! },
    data: { column: 'c3', value: 'abc' },
  })
  expect(refused.status()).toBe(422)

  // The date editor shows the date as the grid does (not the browser's 03/09/2024).
  await (await gridCell(page, 1, 'Signed Up')).dblclick()
  const date = page.getByLabel(GRID_MESSAGES.editCell('Signed Up', 1))
  await expect(date).toHaveValue('2024-03-09')
  await date.fill('2024-03-10')
  await date.press('Enter')
  await expect(await gridCell(page, 1, 'Signed Up')).toHaveText('2024-03-10')

  await page.reload()
  await expect(await gridCell(page, 1, 'Employees')).toHaveText('120')
  await expect(await gridCell(page, 2, 'Employees')).toHaveText('45')
  await expect(await gridCell(page, 1, 'Signed Up')).toHaveText('2024-03-10')
})
