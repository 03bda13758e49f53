import { readFileSync } from 'node:fs'
import { expect, type Locator, type Page } from '@playwright/test'
import { newUser, signUpVerified } from './auth.ts'
import { csvFile, gridBodyRows, postUpload, rowsTable, type FilePayload } from './uploads.ts'

/** e2e/fixtures/grid-leads.csv: 12 leads with numbers, dates, empty cells and a long note. */
export function gridLeadsCsv(name = 'grid-leads.csv'): FilePayload {
  return { name, mimeType: 'text/csv', buffer: readFileSync(new URL('../fixtures/grid-leads.csv', import.meta.url)) }
}

/** `count` numbered rows (`Id`, `Name`, `Score`): enough for several pages. */
export function numberedCsv(name: string, count: number): FilePayload {
  const lines = ['Id,Name,Score']
  for (let i = 1; i <= count; i += 1) lines.push(`${i},Person ${i},${(i * 37) % 101}`)
  return csvFile(name, lines)
}

/** Signs a new user up, uploads the file through the API, waits for the import and opens the detail page. */
export async function openUploadedGrid(page: Page, baseURL: string, file: FilePayload, prefix = 'grid'): Promise<string> {
  await signUpVerified(page, newUser(prefix))
  const created = await postUpload(page, baseURL, file)
  expect(created.status()).toBe(201)
  const { upload_id: uploadId } = (await created.json()) as { upload_id: string }
  await expect
    .poll(async () => ((await (await page.request.get(`/api/uploads/${uploadId}`)).json()) as { status: string }).status)
    .toBe('completed')
  await page.goto(`/dashboard/${uploadId}`)
  // The first page of rows: allow for a machine busy with other work.
  await expect(rowsTable(page)).toBeVisible({ timeout: 30_000 })
  return uploadId
}

export function columnHeader(page: Page, name: string): Locator {
  return rowsTable(page).getByRole('columnheader', { name, exact: true })
}

/** The rendered values of one column, top to bottom. */
export async function columnValues(page: Page, name: string): Promise<string[]> {
  const colIndex = await columnHeader(page, name).getAttribute('aria-colindex')
  return gridBodyRows(page).locator(`[role="gridcell"][aria-colindex="${colIndex}"]`).allInnerTexts()
}

export async function expectColumnValues(page: Page, name: string, values: string[]) {
  await expect.poll(() => columnValues(page, name)).toEqual(values)
}

/** The data column names of the grid, in order (without the leading '#'). */
export async function headerNames(page: Page): Promise<string[]> {
  return (await rowsTable(page).getByRole('columnheader').allInnerTexts()).slice(1).map((text) => text.trim())
}

/** The cell of the row numbered `rowNumber` (1-based) in the named column. */
export async function gridCell(page: Page, rowNumber: number, column: string): Promise<Locator> {
  const colIndex = await columnHeader(page, column).getAttribute('aria-colindex')
  return rowsTable(page).locator(`[role="row"][data-row-index="${rowNumber - 1}"] [role="gridcell"][aria-colindex="${colIndex}"]`)
}

/** Picks an option of a shadcn (Radix) Select found by its label. */
export async function pickOption(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}
