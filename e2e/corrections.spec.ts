import { expect, test, type Page } from '@playwright/test'
import { AI_COLUMN_MESSAGES, AI_FIELD_MESSAGES, GRID_MESSAGES } from '../src/common/messages.ts'
import { columnHeader, columnValues, gridCell, openUploadedGrid } from './support/grid.ts'
import { screenshotsAt1280And375 } from './support/screenshots.ts'
import { csvFile, rowsTable, toast } from './support/uploads.ts'

/**
 * Columns that learn from corrections (issue 43, decision 038): two cells corrected in the grid
 * are kept and marked, 'Re-run with my corrections' asks the model again for the other rows with
 * the most similar corrections as examples (the fake answers 'Like <the first example's value>'),
 * and the column's examples are listed and removed.
 */

const COMPANIES = ['Acme Robotics', 'Globex Foods', 'Acme Robotics Europe', 'Globex Food Service']

async function aiCellStates(page: Page, column: string): Promise<string[]> {
  const colIndex = await columnHeader(page, column).getAttribute('aria-colindex')
  return rowsTable(page).locator(`[role="gridcell"][aria-colindex="${colIndex}"] [data-ai-cell]`).evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-ai-cell') ?? ''))
}

async function correctCell(page: Page, rowNumber: number, value: string) {
  const cell = await gridCell(page, rowNumber, 'Industry')
  await cell.dblclick()
  const editor = page.getByLabel(GRID_MESSAGES.editCell('Industry', rowNumber))
  await editor.fill(value)
  await editor.press('Enter')
  await expect(cell.locator('[data-corrected]')).toBeVisible()
  await expect(cell).toContainText(value)
}

test('corrects two cells, re-runs the column with the corrections and removes an example', async ({ page, baseURL }) => {
  const file = csvFile('corrections.csv', ['Name,Company', ...COMPANIES.map((company, i) => `Person ${i + 1},${company}`)])
  const uploadId = await openUploadedGrid(page, baseURL!, file, 'corrections')
  const created = await page.request.post(`/api/uploads/${uploadId}/ai-fields`, { data: { name: 'Industry', prompt: 'Which industry is {Company} in?' } })
  expect(created.status()).toBe(201)
  const { id: fieldId } = (await created.json()) as { id: string }
  expect((await page.request.post(`/api/uploads/${uploadId}/ai-fields/${fieldId}/runs`, { data: { scope: 'all' } })).status()).toBe(202)
  await page.reload()
  await expect.poll(() => aiCellStates(page, 'Industry'), { timeout: 30_000 }).toEqual(['value', 'value', 'value', 'value'])
  await expect(page.getByRole('button', { name: AI_COLUMN_MESSAGES.columnMenu('Industry') })).toBeVisible()

  // Two corrections, typed in the grid: kept and marked.
  await correctCell(page, 1, 'Robots')
  await correctCell(page, 2, 'Food')

  // The cell's details say it was corrected.
  const first = await gridCell(page, 1, 'Industry')
  await first.hover()
  await first.getByRole('button', { name: GRID_MESSAGES.cellDetails }).click()
  const details = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.detailTitle('Industry', 1) })
  await expect(details.getByTestId('ai-cell-corrected')).toHaveText(AI_COLUMN_MESSAGES.correctedDetail)
  await page.keyboard.press('Escape')
  await expect(details).toBeHidden()

  // 'Re-run with my corrections': the estimate counts the two other rows, then they are asked again.
  await page.getByRole('button', { name: AI_COLUMN_MESSAGES.columnMenu('Industry') }).click()
  await page.getByRole('menuitem', { name: AI_COLUMN_MESSAGES.rerunWithCorrections }).click()
  const estimate = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.estimateTitle('Industry') })
  await expect(estimate.getByTestId('ai-run-estimate')).toContainText(`${AI_COLUMN_MESSAGES.rowsInScope}2`)
  await screenshotsAt1280And375(page, 'corrections-estimate')
  await estimate.getByRole('button', { name: AI_COLUMN_MESSAGES.start }).click()
  await expect(toast(page, AI_FIELD_MESSAGES.enrichmentStarted)).toBeVisible()
  // Each row got the most similar correction first; the corrected cells kept their values.
  await expect.poll(() => columnValues(page, 'Industry'), { timeout: 30_000 }).toEqual(['Robots', 'Food', 'Like Robots', 'Like Food'])
  await expect((await gridCell(page, 2, 'Industry')).locator('[data-corrected]')).toBeVisible()
  await expect((await gridCell(page, 3, 'Industry')).locator('[data-corrected]')).toHaveCount(0)
  await screenshotsAt1280And375(page, 'corrections-grid')

  // The examples: both listed; one removed, its cell still corrected.
  await page.getByRole('button', { name: AI_COLUMN_MESSAGES.columnMenu('Industry') }).click()
  await page.getByRole('menuitem', { name: AI_COLUMN_MESSAGES.examplesMenu(2) }).click()
  const examples = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.examplesTitle('Industry') })
  await expect(examples.getByTestId('ai-field-example')).toHaveCount(2)
  await expect(examples).toContainText('Globex Foods')
  await screenshotsAt1280And375(page, 'corrections-examples')
  await examples.getByRole('button', { name: AI_COLUMN_MESSAGES.removeExample(1) }).click()
  await expect(toast(page, AI_COLUMN_MESSAGES.exampleRemoved)).toBeVisible()
  await expect(examples.getByTestId('ai-field-example')).toHaveCount(1)
  await expect(examples).not.toContainText('Acme Robotics')
  await examples.getByRole('button', { name: AI_COLUMN_MESSAGES.close }).first().click()
  await expect(first.locator('[data-corrected]')).toBeVisible()
})
