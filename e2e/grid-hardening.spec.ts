import { expect, test } from '@playwright/test'
import { COLUMN_MESSAGES, GRID_MESSAGES } from '../src/common/messages.ts'
import { columnHeader, gridCell, gridLeadsCsv, numberedCsv, openUploadedGrid, pickOption } from './support/grid.ts'
import { csvFile, toast } from './support/uploads.ts'

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

test('the Columns popover scrolls inside itself at any window height; Ctrl+B leaves a field alone', async ({ page, baseURL }) => {
  // Thirty columns: a list taller than the room under the toolbar.
  const names = Array.from({ length: 30 }, (_, i) => `Field ${i + 1}`)
  await openUploadedGrid(page, baseURL!, csvFile('wide.csv', [names.join(','), names.map((_, i) => String(i)).join(',')]))

  for (const size of [{ width: 1280, height: 800 }, { width: 1280, height: 480 }, { width: 375, height: 600 }]) {
    await page.setViewportSize(size)
    await page.getByRole('button', { name: GRID_MESSAGES.columns, exact: true }).click()
    const menu = page.getByRole('dialog', { name: GRID_MESSAGES.columnsMenuLabel })
    await expect(menu).toBeVisible()
    const box = (await menu.boundingBox())!
    expect(box.y).toBeGreaterThanOrEqual(0)
    expect(box.y + box.height).toBeLessThanOrEqual(size.height)
    await menu.getByLabel(GRID_MESSAGES.columnNameLabel).fill(`Owner ${size.height}`)
    const add = menu.getByRole('button', { name: GRID_MESSAGES.addColumn })
    await add.scrollIntoViewIfNeeded()
    await expect(add).toBeInViewport()
    await add.click()
    await expect(columnHeader(page, `Owner ${size.height}`)).toHaveCount(1)
    // Close the 'Column added' toast as a user would: on a phone it comes up from the bottom, over the next size's Add.
    const added = toast(page, COLUMN_MESSAGES.columnAdded)
    await added.getByRole('button', { name: 'Close toast' }).click()
    await expect(added).toBeHidden()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
  }

  await page.setViewportSize({ width: 1280, height: 800 })
  const sidebar = page.locator('[data-slot="sidebar"][data-state]')
  await expect(sidebar).toHaveAttribute('data-state', 'expanded')
  const search = page.getByLabel(GRID_MESSAGES.searchLabel)
  await search.fill('Field')
  await search.press('ControlOrMeta+b')
  await expect(sidebar).toHaveAttribute('data-state', 'expanded')
  await expect(search).toBeFocused()
  // Outside a field the shortcut still folds the sidebar.
  await search.blur()
  await page.locator('body').press('ControlOrMeta+b')
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
})

test('search, sort, filters and page live in the URL: reload, Back and a shared link keep them', async ({ page, baseURL }) => {
  // Many navigations and full reloads in one journey: give each step room on a busy machine.
  test.setTimeout(180_000)
  const slowExpect = expect.configure({ timeout: 30_000 })
  await openUploadedGrid(page, baseURL!, numberedCsv('people.csv', 130))
  const grid = page.url()

  await page.getByLabel(GRID_MESSAGES.searchLabel).fill('Person 1')
  await expect(page).toHaveURL(/[?&]q=Person\+1/)
  await columnHeader(page, 'Score').getByRole('button').click()
  await expect(page).toHaveURL(/[?&]sort=c3%3Aasc/)
  const pager = page.getByRole('navigation', { name: GRID_MESSAGES.pagination })
  // 'Person 1' matches 1, 10-19 and 100-130: 42 rows, one page at 50; 25 a page makes two.
  await pickOption(page, page.locator('body'), GRID_MESSAGES.rowsPerPage, '25')
  await expect(pager.getByText(GRID_MESSAGES.pageOf(1, 2))).toBeVisible()
  await pager.getByRole('button', { name: GRID_MESSAGES.goToPage(2) }).click()
  await expect(pager.getByText(GRID_MESSAGES.pageOf(2, 2))).toBeVisible()
  await expect(page).toHaveURL(/[?&]page=2/)
  await expect(page).toHaveURL(/[?&]perPage=25/)
  const shown = await page.locator('[role="row"][data-row-index] [aria-colindex="2"]').allInnerTexts()

  await page.reload()
  await slowExpect(page.getByLabel(GRID_MESSAGES.searchLabel)).toHaveValue('Person 1')
  await slowExpect(pager.getByText(GRID_MESSAGES.pageOf(2, 2))).toBeVisible()
  await slowExpect.poll(() => page.locator('[role="row"][data-row-index] [aria-colindex="2"]').allInnerTexts()).toEqual(shown)

  // Back steps through the grid's own history: page 2, then page 1 of the same view.
  await page.goBack()
  await slowExpect(pager.getByText(GRID_MESSAGES.pageOf(1, 2))).toBeVisible()
  await slowExpect(page.getByLabel(GRID_MESSAGES.searchLabel)).toHaveValue('Person 1')

  // A shared link opens the same view in a fresh tab.
  const link = page.url()
  const other = await page.context().newPage()
  await other.goto(link)
  await slowExpect(other.getByLabel(GRID_MESSAGES.searchLabel)).toHaveValue('Person 1')
  await slowExpect(other.getByRole('navigation', { name: GRID_MESSAGES.pagination }).getByText(GRID_MESSAGES.pageOf(1, 2))).toBeVisible()
  await other.close()

  // Leaving the grid and coming Back finds it as it was; the plain link shows the plain grid.
  await page.goto('/dashboard')
  await page.goBack()
  await slowExpect(page.getByLabel(GRID_MESSAGES.searchLabel)).toHaveValue('Person 1')
  await page.goto(grid)
  await slowExpect(page.getByLabel(GRID_MESSAGES.searchLabel)).toHaveValue('')
  await slowExpect(pager.getByText(GRID_MESSAGES.pageOf(1, 3))).toBeVisible()
})

test('at 375 px the row number and the pinned first column leave room for the data', async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, gridLeadsCsv())
  await page.setViewportSize({ width: 375, height: 740 })
  const grid = page.getByRole('grid', { name: GRID_MESSAGES.gridLabel })
  const gridBox = (await grid.boundingBox())!
  const lead = (await grid.getByRole('columnheader').first().boundingBox())!
  const first = (await columnHeader(page, 'Name').boundingBox())!
  // Together little more than half the grid's width, so the next column shows beside them.
  expect(lead.width + first.width).toBeLessThanOrEqual(gridBox.width * 0.55)
  await expect(columnHeader(page, 'Company')).toBeInViewport()
})
