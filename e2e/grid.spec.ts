import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { COLUMN_MESSAGES, GRID_MESSAGES, QUALITY_REPORT_MESSAGES, UPLOAD_DETAIL_MESSAGES } from '../src/common/messages.ts'
import {
  columnHeader,
  columnValues,
  expectColumnValues,
  gridCell,
  gridLeadsCsv,
  headerNames,
  numberedCsv,
  openUploadedGrid,
  pickOption,
} from './support/grid.ts'
import { csvFile, gridBodyRows, rowsTable, stat, toast } from './support/uploads.ts'

const COLUMNS = ['Name', 'Company', 'Employees', 'Signed Up', 'Email', 'Notes']
const NAMES = ['Ann Ng', 'Bo Li', 'Cy Ra', 'Di Fox', 'Ed Oz', 'Flo Yu', 'Gus Ho', 'Hal Ek', 'Ivy Mo', 'Jo Park', 'Kai Lu', 'Lea Vo']

async function sortBy(page: Page, column: string) {
  await columnHeader(page, column).getByRole('button').click()
}

async function openColumnsMenu(page: Page) {
  await page.getByRole('button', { name: GRID_MESSAGES.columns, exact: true }).click()
  const menu = page.getByRole('dialog', { name: GRID_MESSAGES.columnsMenuLabel })
  await expect(menu).toBeVisible()
  return menu
}

/** Runs one entry of the Export menu and returns the downloaded file's name and bytes. */
async function exportFile(page: Page, scope: RegExp | string, format: string) {
  await page.getByRole('button', { name: GRID_MESSAGES.export, exact: true }).click()
  await page.getByRole('menuitem', { name: scope }).click()
  const downloading = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: format, exact: true }).click()
  const download = await downloading
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) }
}

function parseCsv(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '')
  return Papa.parse<string[]>(text.trim(), { skipEmptyLines: true }).data
}

test('renames the file and shows the Data Quality Report from the completeness card', async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, gridLeadsCsv())
  await page.getByRole('button', { name: UPLOAD_DETAIL_MESSAGES.renameButton }).click()
  const dialog = page.getByRole('dialog', { name: UPLOAD_DETAIL_MESSAGES.renameTitle })
  const input = dialog.getByPlaceholder(UPLOAD_DETAIL_MESSAGES.renamePlaceholder)
  await expect(dialog.getByRole('button', { name: UPLOAD_DETAIL_MESSAGES.renameSubmit })).toBeDisabled()
  await input.fill('  ')
  await expect(dialog.getByRole('button', { name: UPLOAD_DETAIL_MESSAGES.renameSubmit })).toBeDisabled()
  await input.fill('q3-leads.csv')
  await input.press('Enter')
  await expect(toast(page, UPLOAD_DETAIL_MESSAGES.renameSuccess)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'q3-leads.csv' })).toBeVisible()

  await expect(stat(page, UPLOAD_DETAIL_MESSAGES.completeness)).toContainText(/^\d+%(High|Medium|Low)$/)
  await page.getByRole('button', { name: UPLOAD_DETAIL_MESSAGES.viewDetails }).click()
  const report = page.getByRole('dialog', { name: QUALITY_REPORT_MESSAGES.title })
  await expect(report.getByText(QUALITY_REPORT_MESSAGES.noIssues)).toBeVisible()
  await expect(report.getByText(QUALITY_REPORT_MESSAGES.recommendations)).toBeVisible()
  await page.keyboard.press('Escape')

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'q3-leads.csv' })).toBeVisible()
})

test('the Data Quality Report lists padded and skipped rows, filtered by action, reasons in words', async ({ page, baseURL }) => {
  const lines = ['Name,City,Score', 'Ann,Oslo,1', 'Bo,Rome', 'Cy,Lima,3,extra,more', 'Di,Kyiv,4', 'Ed,Nice,5', 'Flo,Bern,6', 'Gus,Graz,7']
  await openUploadedGrid(page, baseURL!, csvFile('ragged.csv', lines))
  await page.getByRole('button', { name: UPLOAD_DETAIL_MESSAGES.viewDetails }).click()
  const report = page.getByRole('dialog', { name: QUALITY_REPORT_MESSAGES.title })
  const issues = report.getByRole('list', { name: QUALITY_REPORT_MESSAGES.issues }).getByRole('listitem')
  await expect(issues.filter({ hasText: 'too few columns' })).toHaveCount(1)
  await expect(issues.filter({ hasText: 'too many columns' })).toHaveCount(1)
  await expect(report.getByText(/_/)).toHaveCount(0)
  await expect(report.getByText(QUALITY_REPORT_MESSAGES.recommendSkipped)).toBeVisible()

  await report.getByLabel(QUALITY_REPORT_MESSAGES.filterLabel).click()
  await page.getByRole('option', { name: `${QUALITY_REPORT_MESSAGES.actions.padded} (1)` }).click()
  await expect(issues).toHaveCount(1)
  await expect(issues.first()).toContainText('too few columns')
})

test('sorts on the server by text, number and date, cycling ascending, descending, none', async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, gridLeadsCsv())
  await expect(rowsTable(page).getByRole('columnheader')).toHaveText(['#', ...COLUMNS])

  await sortBy(page, 'Company')
  await expect(columnHeader(page, 'Company')).toHaveAttribute('aria-sort', 'ascending')
  await expectColumnValues(page, 'Company', ['Acme', 'Acme', 'Acme', 'Cyberdyne', 'Globex', 'Hooli', 'Initech', 'Soylent', 'Stark', 'Tyrell', 'Umbrella', 'Wayne'])

  // Numbers as numbers (9 before 45 before 120), not as text.
  await sortBy(page, 'Employees')
  await expect(columnHeader(page, 'Company')).toHaveAttribute('aria-sort', 'none')
  await expectColumnValues(page, 'Employees', ['3', '7', '9', '15', '31', '45', '78', '88', '120', '250', '560', '1000'])
  await sortBy(page, 'Employees')
  await expect(columnHeader(page, 'Employees')).toHaveAttribute('aria-sort', 'descending')
  await expectColumnValues(page, 'Employees', ['1000', '560', '250', '120', '88', '78', '45', '31', '15', '9', '7', '3'])
  await sortBy(page, 'Employees')
  await expect(columnHeader(page, 'Employees')).toHaveAttribute('aria-sort', 'none')
  await expectColumnValues(page, 'Name', NAMES)

  // Dates as dates, the empty one last.
  await sortBy(page, 'Signed Up')
  await expect.poll(async () => (await columnValues(page, 'Signed Up'))[0]).toBe('2021-02-01')
  const dates = await columnValues(page, 'Signed Up')
  expect(dates.at(-2)).toBe('2024-06-30')
  expect(dates.at(-1)).toBe('')
})

test('searches across all columns and filters with removable chips, with a way out of an empty view', async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, gridLeadsCsv())

  await page.getByLabel(GRID_MESSAGES.searchLabel).fill('globex')
  await expectColumnValues(page, 'Name', ['Bo Li'])
  await expect(page.getByText(GRID_MESSAGES.summary(1, 6))).toBeVisible()
  await page.getByLabel(GRID_MESSAGES.searchLabel).fill('')
  await expectColumnValues(page, 'Name', NAMES)

  await page.getByRole('button', { name: /^Filter( \d+)?$/ }).click()
  const popover = page.getByRole('dialog', { name: GRID_MESSAGES.addFilter })
  await expect(popover.getByRole('button', { name: GRID_MESSAGES.addFilter })).toBeDisabled()
  await pickOption(page, popover, GRID_MESSAGES.filterColumn, 'Company')
  await pickOption(page, popover, GRID_MESSAGES.filterCondition, GRID_MESSAGES.operators.equals)
  await expect(popover.getByRole('button', { name: GRID_MESSAGES.addFilter })).toBeDisabled()
  await popover.getByLabel(GRID_MESSAGES.filterValue).fill('Acme')
  await popover.getByRole('button', { name: GRID_MESSAGES.addFilter }).click()
  await expectColumnValues(page, 'Name', ['Ann Ng', 'Hal Ek', 'Lea Vo'])

  // A second filter applies together with the first (AND).
  await page.getByRole('button', { name: /^Filter( \d+)?$/ }).click()
  await pickOption(page, popover, GRID_MESSAGES.filterColumn, 'Employees')
  await pickOption(page, popover, GRID_MESSAGES.filterCondition, GRID_MESSAGES.operators.greater_than)
  await popover.getByLabel(GRID_MESSAGES.filterValue).fill('50')
  await popover.getByRole('button', { name: GRID_MESSAGES.addFilter }).click()
  await expectColumnValues(page, 'Name', ['Ann Ng', 'Lea Vo'])

  const chip = 'Company equals "Acme"'
  await page.getByRole('button', { name: GRID_MESSAGES.removeFilter(chip) }).click()
  await expect(page.getByText(chip)).toHaveCount(0)
  await expectColumnValues(page, 'Name', ['Ann Ng', 'Di Fox', 'Ed Oz', 'Gus Ho', 'Ivy Mo', 'Lea Vo'])

  await page.getByLabel(GRID_MESSAGES.searchLabel).fill('no-such-lead')
  await expect(page.getByText(GRID_MESSAGES.noRowsMatch)).toBeVisible()
  await rowsTable(page).getByRole('button', { name: GRID_MESSAGES.clearFilters }).click()
  await expectColumnValues(page, 'Name', NAMES)
})

test('hides, renames, adds and deletes columns, and the changes survive a reload', async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, gridLeadsCsv())
  const menu = await openColumnsMenu(page)

  await menu.getByRole('checkbox', { name: GRID_MESSAGES.showColumn('Email') }).click()
  await expect(columnHeader(page, 'Email')).toHaveCount(0)

  await menu.getByRole('button', { name: GRID_MESSAGES.renameColumn('Company') }).click()
  const input = menu.getByRole('textbox', { name: GRID_MESSAGES.renameColumn('Company') })
  await input.fill('Organisation')
  await input.press('Enter')
  await expect(toast(page, COLUMN_MESSAGES.columnRenamed)).toBeVisible()
  await expect(columnHeader(page, 'Organisation')).toBeVisible()

  await menu.getByLabel(GRID_MESSAGES.columnNameLabel).fill('Deal Size')
  await pickOption(page, menu, GRID_MESSAGES.columnTypeLabel, GRID_MESSAGES.columnTypes.number)
  await menu.getByRole('button', { name: GRID_MESSAGES.addColumn }).click()
  await expect(toast(page, COLUMN_MESSAGES.columnAdded)).toBeVisible()
  await expect(columnHeader(page, 'Deal Size')).toBeVisible()

  await menu.getByRole('button', { name: GRID_MESSAGES.deleteColumn('Notes') }).click()
  const confirm = page.getByRole('alertdialog', { name: GRID_MESSAGES.deleteColumnTitle('Notes') })
  await expect(confirm.getByText(GRID_MESSAGES.deleteColumnBody)).toBeVisible()
  await confirm.getByRole('button', { name: GRID_MESSAGES.delete }).click()
  await expect(toast(page, COLUMN_MESSAGES.columnDeleted)).toBeVisible()

  await page.reload()
  await expect(rowsTable(page)).toBeVisible()
  await expect.poll(() => headerNames(page)).toEqual(['Name', 'Organisation', 'Employees', 'Signed Up', 'Deal Size'])
  await expectColumnValues(page, 'Organisation', ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Acme', 'Cyberdyne', 'Soylent', 'Tyrell', 'Acme'])
})

test('reorders columns by dragging and from the menu, resizes them, and remembers both', async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, gridLeadsCsv())

  await columnHeader(page, 'Email').dragTo(columnHeader(page, 'Name'))
  await expect.poll(() => headerNames(page)).toEqual(['Email', 'Name', 'Company', 'Employees', 'Signed Up', 'Notes'])

  const menu = await openColumnsMenu(page)
  await menu.getByRole('button', { name: GRID_MESSAGES.moveColumnLeft('Notes') }).click()
  await expect.poll(() => headerNames(page)).toEqual(['Email', 'Name', 'Company', 'Employees', 'Notes', 'Signed Up'])
  await page.keyboard.press('Escape')

  const before = (await columnHeader(page, 'Company').boundingBox())!
  const handle = (await columnHeader(page, 'Company').getByTestId(/^resize-/).boundingBox())!
  const saved = page.waitForResponse((res) => res.request().method() === 'PATCH' && /\/columns\//.test(res.url()))
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2)
  await page.mouse.down()
  await page.mouse.move(handle.x + 60, handle.y + handle.height / 2, { steps: 5 })
  await page.mouse.move(handle.x + 120, handle.y + handle.height / 2, { steps: 5 })
  await page.mouse.up()
  expect((await saved).ok()).toBe(true)
  const widened = (await columnHeader(page, 'Company').boundingBox())!.width
  expect(widened).toBeGreaterThan(before.width + 80)

  await page.reload()
  await expect(rowsTable(page)).toBeVisible()
  await expect.poll(() => headerNames(page)).toEqual(['Email', 'Name', 'Company', 'Employees', 'Notes', 'Signed Up'])
  expect(Math.abs((await columnHeader(page, 'Company').boundingBox())!.width - widened)).toBeLessThanOrEqual(2)
})

test('selects rows with checkboxes and the keyboard, and deletes them after confirmation', async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, gridLeadsCsv())

  await (await gridCell(page, 1, 'Name')).click()
  await page.keyboard.press('Control+a')
  await expect(page.getByText(GRID_MESSAGES.selectedCount(12))).toBeVisible()
  await page.getByRole('button', { name: GRID_MESSAGES.clearSelection }).click()

  // A new search starts with no selection: nothing hidden by the view can be deleted.
  await rowsTable(page).getByRole('checkbox', { name: GRID_MESSAGES.selectRow(2), exact: true }).click()
  await expect(page.getByText(GRID_MESSAGES.selectedCount(1))).toBeVisible()
  await page.getByLabel(GRID_MESSAGES.searchLabel).fill('acme')
  await expect(page.getByText(GRID_MESSAGES.selectedCount(1))).toHaveCount(0)
  await page.getByLabel(GRID_MESSAGES.searchLabel).fill('')
  await expectColumnValues(page, 'Name', NAMES)

  await rowsTable(page).getByRole('checkbox', { name: GRID_MESSAGES.selectRow(1), exact: true }).click()
  // Space toggles the active row's selection: row 2 after one step down.
  await (await gridCell(page, 1, 'Name')).click()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press(' ')
  await expect(page.getByText(GRID_MESSAGES.selectedCount(2))).toBeVisible()

  await page.getByRole('button', { name: GRID_MESSAGES.deleteSelected }).click()
  const confirm = page.getByRole('alertdialog', { name: GRID_MESSAGES.deleteRowsTitle })
  await expect(confirm.getByText(GRID_MESSAGES.deleteRowsConfirm(2))).toBeVisible()
  await expect(confirm.getByText('Are you sure you want to delete 2 row(s)? This action cannot be undone.')).toBeVisible()
  await confirm.getByRole('button', { name: GRID_MESSAGES.delete }).click()
  await expect(toast(page, GRID_MESSAGES.rowsDeleted)).toBeVisible()

  await expect(stat(page, UPLOAD_DETAIL_MESSAGES.totalRows)).toHaveText('10')
  await expect(rowsTable(page)).toHaveAttribute('aria-rowcount', '11')
  await expectColumnValues(page, 'Name', NAMES.slice(2))
  await expect(page.getByText(GRID_MESSAGES.selectedCount(2))).toHaveCount(0)
})

test('edits a cell in place: Enter saves and survives a reload, Escape cancels, the keyboard opens the editor', async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, gridLeadsCsv())

  await (await gridCell(page, 1, 'Employees')).dblclick()
  const editor = page.getByLabel(GRID_MESSAGES.editCell('Employees', 1))
  await editor.fill('121')
  await editor.press('Enter')
  await expect(await gridCell(page, 1, 'Employees')).toHaveText('121')

  await (await gridCell(page, 2, 'Company')).dblclick()
  await page.getByLabel(GRID_MESSAGES.editCell('Company', 2)).fill('Changed')
  await page.keyboard.press('Escape')
  await expect(await gridCell(page, 2, 'Company')).toHaveText('Globex')
  // Escape hands the focus back to the cell (on the next frame), where the keys below go.
  await expect(await gridCell(page, 2, 'Company')).toBeFocused()

  // Arrow keys move the active cell, Enter edits it.
  await page.keyboard.press('ArrowDown')
  await expect(await gridCell(page, 3, 'Company')).toBeFocused()
  await page.keyboard.press('Enter')
  const third = page.getByLabel(GRID_MESSAGES.editCell('Company', 3))
  await expect(third).toBeFocused()
  await third.fill('Initech Ltd')
  await third.press('Enter')
  await expect(await gridCell(page, 3, 'Company')).toHaveText('Initech Ltd')

  // The long note is cut at 40 characters; its full text is in the cell view.
  const note = await gridCell(page, 1, 'Notes')
  await expect(note).toHaveText(`${'Met at the Berlin trade fair; wants a demo'.slice(0, 40)}…`)
  await note.hover()
  await note.getByRole('button', { name: GRID_MESSAGES.expandCell }).click()
  await expect(page.getByRole('dialog', { name: GRID_MESSAGES.cellValueTitle('Notes', 1) })).toContainText('next quarter')
  await page.keyboard.press('Escape')

  await page.reload()
  await expect(await gridCell(page, 1, 'Employees')).toHaveText('121')
  await expect(await gridCell(page, 3, 'Company')).toHaveText('Initech Ltd')
})

test('exports all rows, the view and the selection as CSV, JSON and Excel', async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, gridLeadsCsv())

  const all = await exportFile(page, GRID_MESSAGES.exportAll, GRID_MESSAGES.exportFormats.csv)
  expect(all.name).toBe('enriched_grid-leads.csv')
  const allRows = parseCsv(all.bytes)
  expect(allRows[0]).toEqual(COLUMNS)
  expect(allRows).toHaveLength(13)
  expect(allRows[1]).toEqual(['Ann Ng', 'Acme', '120', '2024-03-09', 'ann@acme.example', 'Met at the Berlin trade fair; wants a demo of the enrichment features next quarter'])
  expect(all.bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false)

  // The view: a search, a sort and the grid's column order (Email hidden).
  await page.getByLabel(GRID_MESSAGES.searchLabel).fill('acme')
  await expectColumnValues(page, 'Name', ['Ann Ng', 'Hal Ek', 'Lea Vo'])
  await sortBy(page, 'Employees')
  await expectColumnValues(page, 'Employees', ['15', '88', '120'])
  const menu = await openColumnsMenu(page)
  await menu.getByRole('checkbox', { name: GRID_MESSAGES.showColumn('Email') }).click()
  await expect(columnHeader(page, 'Email')).toHaveCount(0)
  await page.keyboard.press('Escape')

  const view = await exportFile(page, GRID_MESSAGES.exportView(3), GRID_MESSAGES.exportFormats.json)
  expect(view.name).toBe('filtered_grid-leads.json')
  const viewJson = JSON.parse(view.bytes.toString('utf8')) as Record<string, string>[]
  expect(viewJson.map((row) => row.Name)).toEqual(['Hal Ek', 'Lea Vo', 'Ann Ng'])
  expect(Object.keys(viewJson[0]!)).toEqual(['Name', 'Company', 'Employees', 'Signed Up', 'Notes'])

  await rowsTable(page).getByRole('checkbox', { name: GRID_MESSAGES.selectRow(8) }).click()
  await rowsTable(page).getByRole('checkbox', { name: GRID_MESSAGES.selectRow(12) }).click()
  const selected = await exportFile(page, GRID_MESSAGES.exportSelected(2), GRID_MESSAGES.exportFormats.xlsx)
  expect(selected.name).toBe('selected_grid-leads.xlsx')
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(selected.bytes as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]!
  const cells = (rowNumber: number) => (sheet.getRow(rowNumber).values as unknown[]).slice(1).map((value) => String(value ?? ''))
  expect(cells(1)).toEqual(['Name', 'Company', 'Employees', 'Signed Up', 'Notes'])
  expect(sheet.actualRowCount).toBe(3)
  expect(cells(2)[0]).toBe('Hal Ek')
  expect(cells(3)[0]).toBe('Lea Vo')

  // 'UTF-8 BOM for Excel' puts a byte order mark before the CSV.
  await page.getByRole('button', { name: GRID_MESSAGES.export, exact: true }).click()
  await expect(page.getByRole('menu').getByText(GRID_MESSAGES.exportColumnsNote)).toBeVisible()
  await page.getByRole('menuitemcheckbox', { name: GRID_MESSAGES.exportBom }).click()
  await page.keyboard.press('Escape')
  const withBom = await exportFile(page, GRID_MESSAGES.exportAll, GRID_MESSAGES.exportFormats.csv)
  expect(withBom.bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true)
  expect(parseCsv(withBom.bytes)).toHaveLength(13)
  // Export All follows the same column rule as the view: Email is hidden, so it is left out.
  expect(parseCsv(withBom.bytes)[0]).toEqual(['Name', 'Company', 'Employees', 'Signed Up', 'Notes'])
})

test('pages on the server with 10/25/50/100 rows a page; a new page size goes back to page 1', async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, numberedCsv('people.csv', 130))
  await expect(rowsTable(page)).toHaveAttribute('aria-rowcount', '131')
  const pager = page.getByRole('navigation', { name: GRID_MESSAGES.pagination })
  await expect(pager.getByText(GRID_MESSAGES.pageOf(1, 3))).toBeVisible()

  await pager.getByRole('button', { name: GRID_MESSAGES.goToPage(2) }).click()
  await expect(pager.getByText(GRID_MESSAGES.pageOf(2, 3))).toBeVisible()
  await expect(gridBodyRows(page).first().getByRole('gridcell').first()).toHaveText('51')

  await pickOption(page, page.locator('body'), GRID_MESSAGES.rowsPerPage, '25')
  await expect(pager.getByText(GRID_MESSAGES.pageOf(1, 6))).toBeVisible()
  await expect(gridBodyRows(page).first().getByRole('gridcell').first()).toHaveText('1')
  await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(5)

  // Continuous scroll loads more as the grid scrolls, keeping only the rows in sight in the DOM.
  await page.getByRole('switch', { name: GRID_MESSAGES.continuousScroll }).click()
  await expect(page.getByText('100 / 130')).toBeVisible()
  await rowsTable(page).evaluate((grid) => grid.scrollTo({ top: grid.scrollHeight }))
  await expect(page.getByText(GRID_MESSAGES.allLoaded(130))).toBeVisible()
  await rowsTable(page).evaluate((grid) => grid.scrollTo({ top: grid.scrollHeight }))
  await expect(rowsTable(page).locator('[data-row-index="129"]')).toBeVisible()
  expect(await gridBodyRows(page).count()).toBeLessThan(60)
})

test('scrolls to and highlights the row named by the highlightRowIndex navigation state, on its page', async ({ page, baseURL }) => {
  const uploadId = await openUploadedGrid(page, baseURL!, numberedCsv('people.csv', 130))
  await page.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  // What a search result does: navigate with React Router state (history.state.usr).
  await page.evaluate((path) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1
    window.history.pushState({ usr: { highlightRowIndex: 104 }, key: 'e2e', idx }, '', path)
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
  }, `/dashboard/${uploadId}`)

  const row = rowsTable(page).locator('[data-row-index="104"]')
  await expect(row).toHaveAttribute('data-highlighted', 'true')
  await expect(row).toBeInViewport()
  await expect(row.getByRole('gridcell').first()).toHaveText('105')
  await expect(page.getByRole('navigation', { name: GRID_MESSAGES.pagination }).getByRole('button', { name: GRID_MESSAGES.goToPage(3) })).toHaveAttribute('aria-current', 'page')
})
