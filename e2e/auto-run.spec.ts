import { expect, test, type Page } from '@playwright/test'
import { AI_COLUMN_MESSAGES, GRID_MESSAGES } from '../src/common/messages.ts'
import { columnHeader, openUploadedGrid } from './support/grid.ts'
import { leadsCsv, rowsTable, toast } from './support/uploads.ts'

/** The AI column's cells on screen: their state as the grid shows it. */
async function aiCellStates(page: Page, column: string): Promise<string[]> {
  const colIndex = await columnHeader(page, column).getAttribute('aria-colindex')
  return rowsTable(page)
    .locator(`[role="gridcell"][aria-colindex="${colIndex}"] [data-ai-cell]`)
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-ai-cell') ?? ''))
}

test('Run on new rows: rows a script adds are enriched live; the monthly cap pauses auto-runs and the grid says so', async ({ page, playwright, baseURL }) => {
  const uploadId = await openUploadedGrid(page, baseURL!, leadsCsv('auto-run.csv'), 'auto-run')
  const created = await page.request.post(`/api/uploads/${uploadId}/ai-fields`, { data: { name: 'Pitch', prompt: 'A one-line pitch for {Company}' } })
  expect(created.status()).toBe(201)
  await page.reload()
  await expect(columnHeader(page, 'Pitch')).toBeVisible({ timeout: 30_000 })
  // The rows there before stay as they are: the column was never run.
  await expect.poll(() => aiCellStates(page, 'Pitch')).toEqual(['empty', 'empty', 'empty'])

  // Turned on from the column's menu, with a cap of 2 credits a month.
  await page.getByRole('button', { name: AI_COLUMN_MESSAGES.columnMenu('Pitch') }).click()
  await page.getByRole('menuitem', { name: AI_COLUMN_MESSAGES.autoRunMenu }).click()
  const dialog = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.autoRunTitle('Pitch') })
  await dialog.getByRole('switch', { name: AI_COLUMN_MESSAGES.autoRunEnabled }).click()
  const cap = dialog.getByLabel(AI_COLUMN_MESSAGES.autoRunCap)
  await cap.fill('0')
  await expect(dialog.getByText(AI_COLUMN_MESSAGES.autoRunCapInvalid)).toBeVisible()
  await expect(dialog.getByRole('button', { name: AI_COLUMN_MESSAGES.save })).toBeDisabled()
  await cap.fill('2')
  await dialog.getByRole('button', { name: AI_COLUMN_MESSAGES.save }).click()
  await expect(toast(page, AI_COLUMN_MESSAGES.autoRunSaved)).toBeVisible()
  await expect(page.getByLabel(AI_COLUMN_MESSAGES.autoRunOnBadge('Pitch'))).toBeVisible()

  const created2 = await page.request.post('/api/api-tokens', { data: { name: 'Form sync', scope: 'read_write' } })
  const { token } = (await created2.json()) as { token: string }
  const script = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } })

  // One row arrives: it shows up and fills in, with no reload.
  const first = await script.post(`/api/uploads/${uploadId}/rows`, { data: { rows: [{ 'First Name': 'Dee', Email: 'dee@umbrella.example', Company: 'Umbrella' }] } })
  expect(first.status(), await first.text()).toBe(201)
  await expect.poll(() => aiCellStates(page, 'Pitch'), { timeout: 30_000 }).toEqual(['empty', 'empty', 'empty', 'value'])

  // Two more in one call: one credit is left under the cap, so one is run and auto-runs pause.
  const more = await script.post(`/api/uploads/${uploadId}/rows`, {
    data: { rows: [{ 'First Name': 'Eve', Email: 'eve@hooli.example', Company: 'Hooli' }, { 'First Name': 'Fay', Email: 'fay@initrode.example', Company: 'Initrode' }] },
  })
  expect(more.status()).toBe(201)
  await expect(page.getByRole('status', { name: AI_COLUMN_MESSAGES.autoRunPausedTitle('Pitch') })).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => aiCellStates(page, 'Pitch'), { timeout: 30_000 }).toEqual(['empty', 'empty', 'empty', 'value', 'value', 'cancelled'])

  // Raising the cap from the notice lifts the pause.
  await page.getByRole('button', { name: AI_COLUMN_MESSAGES.autoRunRaiseCap }).click()
  const again = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.autoRunTitle('Pitch') })
  await expect(again.getByTestId('auto-run-spent')).toHaveText(AI_COLUMN_MESSAGES.autoRunSpent(2, 2))
  await again.getByLabel(AI_COLUMN_MESSAGES.autoRunCap).fill('10')
  await again.getByRole('button', { name: AI_COLUMN_MESSAGES.save }).click()
  await expect(page.getByRole('status', { name: AI_COLUMN_MESSAGES.autoRunPausedTitle('Pitch') })).toHaveCount(0)
  await script.dispose()

  // A row added in the grid is run too.
  await page.getByRole('button', { name: GRID_MESSAGES.addRow }).click()
  const addRow = page.getByRole('dialog', { name: GRID_MESSAGES.addRowTitle })
  await expect(addRow.getByLabel('Pitch')).toHaveCount(0)
  await addRow.getByRole('button', { name: GRID_MESSAGES.addRow }).click()
  await expect(addRow.getByRole('alert')).toHaveText(GRID_MESSAGES.addRowEmpty)
  await addRow.getByLabel('First Name').fill('Gus')
  await addRow.getByLabel('Company').fill('Soylent')
  await addRow.getByLabel('Company').press('Enter')
  await expect(toast(page, GRID_MESSAGES.rowAdded(7))).toBeVisible()
  await expect.poll(() => aiCellStates(page, 'Pitch'), { timeout: 30_000 }).toEqual(['empty', 'empty', 'empty', 'value', 'value', 'cancelled', 'value'])
})
