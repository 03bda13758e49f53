import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import Papa from 'papaparse'
import { AI_COLUMN_MESSAGES, AI_FIELD_MESSAGES, COLUMN_MESSAGES, CREDIT_MESSAGES, GRID_MESSAGES, PAYMENT_MESSAGES, UPLOAD_DETAIL_MESSAGES } from '../src/common/messages.ts'
import { providerLabel } from '../src/common/schemas/api-keys.ts'
import { columnHeader, columnValues, gridCell, gridLeadsCsv, numberedCsv, openUploadedGrid } from './support/grid.ts'
import { creditBadge } from './support/billing.ts'
import { FAKE_AI_SLOW_LATENCY_MS, FAKE_AI_SLOW_MARKER } from './support/fake-ai.ts'
import { rowsTable, stat, toast } from './support/uploads.ts'
import { screenshotsAt1280And375 } from './support/screenshots.ts'

const ROWS = 12

function createDialog(page: Page) {
  return page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.createTitle })
}

/** The AI column's cells on screen: their state as the grid shows it. */
async function aiCellStates(page: Page, column: string): Promise<string[]> {
  const colIndex = await columnHeader(page, column).getAttribute('aria-colindex')
  return rowsTable(page).locator(`[role="gridcell"][aria-colindex="${colIndex}"] [data-ai-cell]`).evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-ai-cell') ?? ''))
}

test('writes a prompt with @, tests it on a row, creates the column, runs it from the estimate and exports it', async ({ page, baseURL }) => {
  const uploadId = await openUploadedGrid(page, baseURL!, gridLeadsCsv(), 'ai')

  await page.getByRole('button', { name: AI_COLUMN_MESSAGES.enrichWithAi }).click()
  const dialog = createDialog(page)
  await expect(dialog).toBeVisible()
  // The e2e server's provider is the fake: no 'connect a provider' notice.
  await expect(dialog.getByText(AI_FIELD_MESSAGES.notConfiguredTitle)).toHaveCount(0)
  await dialog.getByLabel(AI_COLUMN_MESSAGES.columnName).fill('Industry')

  // '@' offers the columns, filtered by what follows; Enter inserts {Column Name}.
  const prompt = dialog.getByRole('combobox', { name: AI_COLUMN_MESSAGES.prompt })
  await prompt.click()
  await prompt.pressSequentially('What industry is @')
  const suggestions = page.getByRole('listbox', { name: AI_COLUMN_MESSAGES.suggestionsLabel })
  await expect(suggestions.getByRole('option')).toHaveText(['Name', 'Company', 'Employees', 'Signed Up', 'Email', 'Notes'])
  await prompt.pressSequentially('com')
  await expect(suggestions.getByRole('option')).toHaveText(['Company'])
  await prompt.press('Enter')
  await expect(suggestions).toBeHidden()
  // Arrow keys move through the list; Tab inserts too.
  await prompt.pressSequentially(' in? Contact: @')
  await prompt.press('ArrowDown')
  await expect(suggestions.getByRole('option', { name: 'Company' })).toHaveAttribute('aria-selected', 'true')
  await prompt.press('ArrowUp')
  await prompt.press('Tab')
  // Escape closes the list and leaves the dialog open.
  await prompt.pressSequentially(' @')
  await expect(suggestions).toBeVisible()
  await prompt.press('Escape')
  await expect(suggestions).toBeHidden()
  await expect(dialog).toBeVisible()
  await prompt.press('Backspace')
  await prompt.press('Backspace')
  // A space after the @ text closes the list.
  await prompt.pressSequentially(' @x')
  await expect(suggestions).toBeVisible()
  await prompt.pressSequentially(' ')
  await expect(suggestions).toBeHidden()
  await prompt.press('Backspace')
  await prompt.press('Backspace')
  await prompt.press('Backspace')
  await prompt.press('Backspace')
  await expect(prompt).toHaveValue('What industry is {Company} in? Contact: {Name}')

  // The test section: one of the first 1000 rows, 1 credit.
  await dialog.getByLabel(AI_COLUMN_MESSAGES.testRow).fill('2')
  await expect(dialog.getByText('Bo Li · Globex · 45')).toBeVisible()
  await dialog.getByRole('button', { name: AI_COLUMN_MESSAGES.runTest(1) }).click()
  const answer = dialog.getByTestId('ai-test-answer')
  await expect(answer).toBeVisible()
  await expect(answer.getByText(AI_COLUMN_MESSAGES.confidence)).toBeVisible()
  await expect(answer.getByText(AI_COLUMN_MESSAGES.remainingCredits(1999))).toBeVisible()
  await expect(creditBadge(page)).toHaveText('1,999 credits')

  await dialog.getByRole('button', { name: AI_COLUMN_MESSAGES.create, exact: true }).click()
  await expect(toast(page, AI_FIELD_MESSAGES.fieldCreated)).toBeVisible()

  // The pre-flight estimate: every row, 1 credit a cell, covered by the trial's credits.
  const estimate = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.estimateTitle('Industry') })
  await expect(estimate).toBeVisible()
  const figures = estimate.getByTestId('ai-run-estimate')
  await expect(figures).toContainText(`${AI_COLUMN_MESSAGES.rowsInScope}${ROWS}`)
  await expect(figures).toContainText(`${ROWS} credits (1 credit per cell)`)
  await expect(figures).toContainText(AI_COLUMN_MESSAGES.covered)
  await estimate.getByRole('button', { name: AI_COLUMN_MESSAGES.start }).click()
  await expect(toast(page, AI_FIELD_MESSAGES.enrichmentStarted)).toBeVisible()

  // The new column is scrolled into sight; its cells fill in live, then the run says it is done.
  await expect(columnHeader(page, 'Industry')).toBeInViewport()
  await expect.poll(() => aiCellStates(page, 'Industry'), { timeout: 30_000 }).toEqual(Array(ROWS).fill('value'))
  await expect(toast(page, AI_FIELD_MESSAGES.enrichmentCompleted)).toBeVisible({ timeout: 15_000 })
  const values = await columnValues(page, 'Industry')
  expect(values.every((value) => value.trim().length > 0)).toBe(true)

  // The AI Enrichment card counts the column and the rows it filled.
  await expect(stat(page, UPLOAD_DETAIL_MESSAGES.aiEnrichment).first()).toContainText('1')
  await expect(page.getByText(UPLOAD_DETAIL_MESSAGES.enrichedRows(ROWS))).toBeVisible()
  await expect(creditBadge(page)).toHaveText(`${(1999 - ROWS).toLocaleString('en-US')} credits`)

  // A cell's provenance: Enter on the cell opens its detail panel.
  const cell = await gridCell(page, 1, 'Industry')
  await cell.click()
  await cell.press('Enter')
  const detail = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.detailTitle('Industry', 1) })
  await expect(detail).toBeVisible()
  await expect(detail.getByTestId('ai-cell-value')).toHaveText(values[0]!)
  for (const label of [AI_COLUMN_MESSAGES.confidence, AI_COLUMN_MESSAGES.model, AI_COLUMN_MESSAGES.promptVersion, AI_COLUMN_MESSAGES.tokens, AI_COLUMN_MESSAGES.creditsCharged, AI_COLUMN_MESSAGES.latency]) {
    await expect(detail.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible()
  }
  const provider = (await (await page.request.get('/api/ai/provider')).json()) as { model: string; provider: string }
  await expect(detail.getByText(provider.model).first()).toBeVisible()
  // The provider as people name it, not its internal name.
  await expect(detail.getByText(`(${providerLabel(provider.provider)})`)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(detail).toBeHidden()

  // Export with the AI column: its values are in the file, in the grid's order.
  await page.getByRole('button', { name: GRID_MESSAGES.export, exact: true }).click()
  await expect(page.getByRole('menuitemcheckbox', { name: GRID_MESSAGES.exportAiDetails })).toBeVisible()
  await page.getByRole('menuitem', { name: GRID_MESSAGES.exportAll }).click()
  const downloading = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: 'CSV', exact: true }).click()
  const download = await downloading
  const csv = Papa.parse<string[]>((await readFile((await download.path())!)).toString('utf8').replace(/^\uFEFF/, '').trim(), { skipEmptyLines: true }).data
  const industry = csv[0]!.indexOf('Industry')
  expect(industry).toBeGreaterThan(-1)
  const exported = csv.slice(1).map((row) => row[industry]!)
  expect(exported).toHaveLength(ROWS)
  expect(exported.map((value) => (value.length > 40 ? `${value.slice(0, 40).trimEnd()}…` : value))).toEqual(values)

  // The field is the user's own: the API refuses it to nobody else here, and lists it.
  const fields = (await (await page.request.get(`/api/uploads/${uploadId}/ai-fields`)).json()) as { fields: { name: string; status: string }[] }
  expect(fields.fields.map((field) => [field.name, field.status])).toEqual([['Industry', 'completed']])

  // The usage history shows the run as one line with its cells, after the prompt test's.
  await page.goto('/dashboard/subscription')
  const history = page.getByRole('table', { name: 'Usage History' })
  await expect(history.getByRole('row').nth(1)).toContainText(`AI enrichment · ${ROWS} cells`)
  await expect(history.getByRole('row').nth(1)).toContainText(`-${ROWS}`)
  await expect(history.getByRole('row').nth(2)).toContainText('Prompt test')
})

test('modifies the AI column from the Columns menu: a new prompt makes its cells stale and offers to run them', async ({ page, baseURL }) => {
  const uploadId = await openUploadedGrid(page, baseURL!, gridLeadsCsv(), 'ai-edit')
  const created = await page.request.post(`/api/uploads/${uploadId}/ai-fields`, { data: { name: 'Size', prompt: 'How big is {Company}?' } })
  expect(created.status()).toBe(201)
  const { id: fieldId } = (await created.json()) as { id: string }
  expect((await page.request.post(`/api/uploads/${uploadId}/ai-fields/${fieldId}/runs`, { data: { scope: 'all' } })).status()).toBe(202)
  await expect
    .poll(async () => ((await (await page.request.get(`/api/uploads/${uploadId}/ai-fields/${fieldId}`)).json()) as { status: string }).status, { timeout: 30_000 })
    .toBe('completed')
  await page.reload()
  await expect(columnHeader(page, 'Size')).toBeVisible({ timeout: 30_000 })

  await page.getByRole('button', { name: GRID_MESSAGES.columns, exact: true }).click()
  await page.getByRole('button', { name: AI_COLUMN_MESSAGES.modifyColumnLabel('Size') }).click()
  const dialog = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.modifyTitle })
  await expect(dialog).toBeVisible()
  const prompt = dialog.getByRole('combobox', { name: AI_COLUMN_MESSAGES.prompt })
  await expect(prompt).toHaveValue('How big is {Company}?')
  await prompt.fill('How many people work at {Company}?')
  await dialog.getByLabel(AI_COLUMN_MESSAGES.saveToLibrary).check()
  await dialog.getByRole('button', { name: AI_COLUMN_MESSAGES.save }).click()
  await expect(toast(page, AI_FIELD_MESSAGES.fieldUpdated)).toBeVisible()
  await expect(toast(page, AI_FIELD_MESSAGES.templateSaved)).toBeVisible()

  // The run offered next takes the stale cells; the grid marks them.
  const estimate = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.estimateTitle('Size') })
  await expect(estimate.getByRole('combobox', { name: AI_COLUMN_MESSAGES.scope })).toHaveText(AI_COLUMN_MESSAGES.scopes.stale)
  await expect(estimate.getByTestId('ai-run-estimate')).toContainText(`${AI_COLUMN_MESSAGES.rowsInScope}${ROWS}`)
  await estimate.getByRole('button', { name: AI_COLUMN_MESSAGES.later }).click()
  await expect(rowsTable(page).getByRole('img', { name: AI_COLUMN_MESSAGES.staleBadge }).first()).toBeVisible()

  // 'Clear' from the header menu empties the column.
  await columnHeader(page, 'Size').getByRole('button', { name: AI_COLUMN_MESSAGES.columnMenu('Size') }).click()
  await page.getByRole('menuitem', { name: AI_COLUMN_MESSAGES.clearColumn }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: AI_COLUMN_MESSAGES.clearColumn }).click()
  await expect(toast(page, AI_FIELD_MESSAGES.fieldCleared)).toBeVisible()
  await expect.poll(() => aiCellStates(page, 'Size')).toEqual(Array(ROWS).fill('empty'))

  // The saved prompt is offered by 'Load template' in the next dialog.
  await page.getByRole('button', { name: AI_COLUMN_MESSAGES.enrichWithAi }).click()
  const next = createDialog(page)
  await next.getByRole('combobox', { name: AI_COLUMN_MESSAGES.loadTemplate }).click()
  await page.getByRole('option', { name: 'Size', exact: true }).click()
  await expect(next.getByLabel(AI_COLUMN_MESSAGES.columnName)).toHaveValue('Size')
  await expect(next.getByRole('combobox', { name: AI_COLUMN_MESSAGES.prompt })).toHaveValue('How many people work at {Company}?')
})

test('controls a long run from its banner and reads only the cells of the rows on screen', async ({ page, baseURL }) => {
  const uploadId = await openUploadedGrid(page, baseURL!, numberedCsv('long-run.csv', 400), 'ai-run')
  const cellReads: number[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.endsWith('/cells') && url.searchParams.has('rowIndexes')) cellReads.push(url.searchParams.get('rowIndexes')!.split(',').length)
  })
  const created = await page.request.post(`/api/uploads/${uploadId}/ai-fields`, { data: { name: 'Note', prompt: 'A note on {Name}' } })
  const { id: fieldId } = (await created.json()) as { id: string }
  await page.reload()
  // Two selected rows are a scope of their own.
  await rowsTable(page).getByRole('checkbox', { name: GRID_MESSAGES.selectRow(2), exact: true }).check()
  await rowsTable(page).getByRole('checkbox', { name: GRID_MESSAGES.selectRow(3), exact: true }).check()
  await columnHeader(page, 'Note').getByRole('button', { name: AI_COLUMN_MESSAGES.columnMenu('Note') }).click()
  await page.getByRole('menuitem', { name: AI_COLUMN_MESSAGES.runColumn }).click()
  const estimate = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.estimateTitle('Note') })
  await expect(estimate.getByTestId('ai-run-estimate')).toContainText(`${AI_COLUMN_MESSAGES.rowsInScope}400`)
  await estimate.getByRole('combobox', { name: AI_COLUMN_MESSAGES.scope }).click()
  await expect(page.getByRole('option', { name: AI_COLUMN_MESSAGES.scopes.view })).toHaveAttribute('aria-disabled', 'true')
  await page.getByRole('option', { name: AI_COLUMN_MESSAGES.scopes.selected(2) }).click()
  await expect(estimate.getByTestId('ai-run-estimate')).toContainText(`${AI_COLUMN_MESSAGES.rowsInScope}2`)
  await estimate.getByRole('combobox', { name: AI_COLUMN_MESSAGES.scope }).click()
  await page.getByRole('option', { name: AI_COLUMN_MESSAGES.scopes.all, exact: true }).click()
  await expect(estimate.getByTestId('ai-run-estimate')).toContainText(`${AI_COLUMN_MESSAGES.rowsInScope}400`)
  // A budget caps the cells the run may compute.
  await estimate.getByLabel(AI_COLUMN_MESSAGES.budget).fill('300')
  await expect(estimate.getByTestId('ai-run-estimate')).toContainText('300 of 400 (budget)')
  await estimate.getByRole('button', { name: AI_COLUMN_MESSAGES.start }).click()
  await expect(toast(page, AI_FIELD_MESSAGES.enrichmentStarted)).toBeVisible()

  const banner = page.getByRole('region', { name: AI_COLUMN_MESSAGES.bannerLabel('Note') })
  await expect(banner).toBeVisible()
  await banner.getByRole('button', { name: AI_COLUMN_MESSAGES.pause }).click()
  await expect(toast(page, AI_FIELD_MESSAGES.runPaused)).toBeVisible()
  await expect(banner.getByRole('status')).toContainText(AI_COLUMN_MESSAGES.bannerPaused('Note'))
  await banner.getByRole('button', { name: AI_FIELD_MESSAGES.refreshStatus }).click()
  await expect(toast(page, AI_FIELD_MESSAGES.statusRefreshed, AI_FIELD_MESSAGES.statusRefreshedBody(0))).toBeVisible()
  await banner.getByRole('button', { name: AI_COLUMN_MESSAGES.resume }).click()
  await expect(toast(page, AI_FIELD_MESSAGES.runResumed)).toBeVisible()
  await banner.getByRole('button', { name: AI_COLUMN_MESSAGES.cancelRun }).click()
  await expect(toast(page, AI_FIELD_MESSAGES.runCancelled)).toBeVisible()
  await expect(banner).toBeHidden()

  const field = (await (await page.request.get(`/api/uploads/${uploadId}/ai-fields/${fieldId}`)).json()) as { counts: { done: number; total: number } }
  expect(field.counts.done).toBeLessThan(300)
  // The grid asked for the cells of its window only, never for the 400 rows.
  expect(cellReads.length).toBeGreaterThan(0)
  expect(Math.max(...cellReads)).toBeLessThanOrEqual(60)
})

test("says the refusals in the spec's words: no provider, name conflict, field limit, credits and a failed test", async ({ page, baseURL }) => {
  const uploadId = await openUploadedGrid(page, baseURL!, gridLeadsCsv(), 'ai-refuse')

  // No provider: the dialog says how to connect one.
  await page.route('**/api/ai/provider', (route) =>
    route.fulfill({ json: { configured: false, provider: null, model: null, webSearch: false, ownKey: false, message: AI_FIELD_MESSAGES.notConfigured } }),
  )
  await page.getByRole('button', { name: AI_COLUMN_MESSAGES.enrichWithAi }).click()
  let dialog = createDialog(page)
  await expect(dialog.getByRole('alert')).toContainText(AI_FIELD_MESSAGES.notConfiguredTitle)
  await expect(dialog.getByRole('link', { name: AI_COLUMN_MESSAGES.providerMissingLink })).toHaveAttribute('href', '/dashboard/api-settings')
  await expect(dialog.getByRole('button', { name: AI_COLUMN_MESSAGES.runTest(1) })).toBeDisabled()
  await dialog.getByRole('button', { name: AI_COLUMN_MESSAGES.cancel }).click()
  await page.unroute('**/api/ai/provider')
  await page.reload()

  // Empty fields and an unknown column are refused in the dialog.
  await page.getByRole('button', { name: AI_COLUMN_MESSAGES.enrichWithAi }).click()
  dialog = createDialog(page)
  await dialog.getByRole('button', { name: AI_COLUMN_MESSAGES.create, exact: true }).click()
  await expect(dialog.getByText(AI_FIELD_MESSAGES.nameRequired)).toBeVisible()
  await expect(dialog.getByText(AI_FIELD_MESSAGES.promptRequired)).toBeVisible()
  await dialog.getByRole('combobox', { name: AI_COLUMN_MESSAGES.prompt }).fill('Rate {Phone}')
  await dialog.getByRole('button', { name: AI_COLUMN_MESSAGES.create, exact: true }).click()
  await expect(dialog.getByText(AI_COLUMN_MESSAGES.unknownColumns(['Phone']))).toBeVisible()

  // A column's name is taken: 'Name conflict'.
  await dialog.getByLabel(AI_COLUMN_MESSAGES.columnName).fill('Company')
  await dialog.getByRole('combobox', { name: AI_COLUMN_MESSAGES.prompt }).fill('Rate {Name}')
  await dialog.getByRole('button', { name: AI_COLUMN_MESSAGES.create, exact: true }).click()
  await expect(toast(page, COLUMN_MESSAGES.nameConflictTitle, COLUMN_MESSAGES.columnNameConflict('Company'))).toBeVisible()

  // The prompt test: out of credits, then a provider failure, each with the spec's title and text.
  await page.route('**/ai-fields/test', (route) =>
    route.fulfill({ status: 402, json: { error: { code: 'PAYMENT_REQUIRED', message: CREDIT_MESSAGES.promptTestInsufficient(1, 0) } } }),
  )
  await dialog.getByRole('button', { name: AI_COLUMN_MESSAGES.runTest(1) }).click()
  await expect(toast(page, CREDIT_MESSAGES.insufficientTitle, CREDIT_MESSAGES.promptTestInsufficient(1, 0))).toBeVisible()
  await expect(dialog.getByRole('alert').filter({ hasText: AI_COLUMN_MESSAGES.testError })).toContainText(CREDIT_MESSAGES.promptTestInsufficient(1, 0))
  await page.unroute('**/ai-fields/test')
  await page.route('**/ai-fields/test', (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'SERVICE_UNAVAILABLE', message: AI_FIELD_MESSAGES.providerUnavailable, details: { title: 'Test Failed' } } } }),
  )
  await dialog.getByRole('button', { name: AI_COLUMN_MESSAGES.runTest(1) }).click()
  await expect(toast(page, AI_FIELD_MESSAGES.testFailedTitle, AI_FIELD_MESSAGES.providerUnavailable)).toBeVisible()
  await page.unroute('**/ai-fields/test')
  await dialog.getByRole('button', { name: AI_COLUMN_MESSAGES.cancel }).click()

  // The trial's cap: three AI fields a file, the fourth is refused.
  for (const name of ['A1', 'A2', 'A3']) {
    expect((await page.request.post(`/api/uploads/${uploadId}/ai-fields`, { data: { name, prompt: 'About {Name}' } })).status()).toBe(201)
  }
  await page.getByRole('button', { name: AI_COLUMN_MESSAGES.enrichWithAi }).click()
  dialog = createDialog(page)
  await dialog.getByLabel(AI_COLUMN_MESSAGES.columnName).fill('A4')
  await dialog.getByRole('combobox', { name: AI_COLUMN_MESSAGES.prompt }).fill('About {Name}')
  await dialog.getByRole('button', { name: AI_COLUMN_MESSAGES.create, exact: true }).click()
  await expect(toast(page, CREDIT_MESSAGES.aiFieldLimitTitle, CREDIT_MESSAGES.aiFieldLimit(3))).toBeVisible()
  await expect(dialog).toBeVisible()

  // Refused by the payment gate (a trial that ended): the spec's title and words for creating a field.
  await page.route(`**/api/uploads/${uploadId}/ai-fields`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 402, json: { error: { code: 'PAYMENT_REQUIRED', message: PAYMENT_MESSAGES.gateBlocked } } })
      : route.fallback(),
  )
  await dialog.getByRole('button', { name: AI_COLUMN_MESSAGES.create, exact: true }).click()
  await expect(toast(page, AI_FIELD_MESSAGES.authRequiredTitle, AI_FIELD_MESSAGES.authRequired)).toBeVisible()
  await dialog.getByRole('button', { name: AI_COLUMN_MESSAGES.cancel }).click()
  await page.unroute(`**/api/uploads/${uploadId}/ai-fields`)

  // A balance below one cell's price: the estimate says so and Start stays off.
  await page.reload()
  await columnHeader(page, 'A1').getByRole('button', { name: AI_COLUMN_MESSAGES.columnMenu('A1') }).click()
  await page.route('**/ai-fields/*/estimate', async (route) => {
    const response = await route.fetch()
    await route.fulfill({ response, json: { ...((await response.json()) as object), balance: 0, covered: false } })
  })
  await page.getByRole('menuitem', { name: AI_COLUMN_MESSAGES.runColumn }).click()
  let estimate = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.estimateTitle('A1') })
  await expect(estimate.getByText(AI_COLUMN_MESSAGES.paysNoCell('0 credits', '1 credit'))).toBeVisible()
  await expect(estimate.getByRole('button', { name: AI_COLUMN_MESSAGES.start })).toBeDisabled()
  await estimate.getByRole('button', { name: AI_COLUMN_MESSAGES.later }).click()
  await page.unroute('**/ai-fields/*/estimate')

  // A run the server refuses: 'Failed to start enrichment' under 'Error', with the reason.
  await page.route('**/ai-fields/*/runs', (route) =>
    route.fulfill({ status: 409, json: { error: { code: 'CONFLICT', message: AI_FIELD_MESSAGES.runActive } } }),
  )
  await columnHeader(page, 'A1').getByRole('button', { name: AI_COLUMN_MESSAGES.columnMenu('A1') }).click()
  await page.getByRole('menuitem', { name: AI_COLUMN_MESSAGES.runColumn }).click()
  estimate = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.estimateTitle('A1') })
  await estimate.getByRole('button', { name: AI_COLUMN_MESSAGES.start }).click()
  await expect(toast(page, AI_FIELD_MESSAGES.errorTitle, `${AI_FIELD_MESSAGES.startFailed}. ${AI_FIELD_MESSAGES.runActive}`)).toBeVisible()
})

test('shows each cell state: queued, running, the Error badge with its message, Add credits and stale', async ({ page, baseURL }) => {
  const uploadId = await openUploadedGrid(page, baseURL!, gridLeadsCsv(), 'ai-states')
  const created = await page.request.post(`/api/uploads/${uploadId}/ai-fields`, { data: { name: 'Fit', prompt: 'Fit of {Company}' } })
  const field = (await created.json()) as { id: string; counts: Record<string, number> }
  // The states come from the cells API; these are the states a run goes through.
  await page.route(`**/api/uploads/${uploadId}/ai-fields`, async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as { fields: { id: string; counts: Record<string, number> }[] }
    for (const item of body.fields) if (item.id === field.id) item.counts = { ...item.counts, queued: 1, running: 1, error: 1, no_credits: 1, stale: 1, done: 0, total: 5 }
    await route.fulfill({ response, json: body })
  })
  const states = [
    { rowIndex: 0, status: 'queued', display: null, error: null },
    { rowIndex: 1, status: 'running', display: null, error: null },
    { rowIndex: 2, status: 'error', display: null, error: 'The AI provider is not answering.' },
    { rowIndex: 3, status: 'no_credits', display: null, error: AI_FIELD_MESSAGES.insufficientCreditsCell },
    { rowIndex: 4, status: 'stale', display: 'Good fit', error: null },
  ]
  await page.route(`**/api/uploads/${uploadId}/ai-fields/${field.id}/cells?*`, (route) =>
    route.fulfill({
      json: { cells: states.map((cell) => ({ ...cell, fieldId: field.id, value: cell.display, attempts: 1, provenance: null, updatedAt: new Date().toISOString() })) },
    }),
  )
  await page.reload()
  await expect.poll(() => aiCellStates(page, 'Fit').then((list) => list.slice(0, 6))).toEqual(['queued', 'running', 'error', 'no_credits', 'value', 'empty'])
  await expect(await gridCell(page, 1, 'Fit')).toContainText(AI_COLUMN_MESSAGES.queued)
  await expect(await gridCell(page, 2, 'Fit')).toContainText(AI_COLUMN_MESSAGES.running)
  await expect((await gridCell(page, 3, 'Fit')).getByText(GRID_MESSAGES.errorBadge)).toHaveAttribute('title', 'The AI provider is not answering.')
  await expect((await gridCell(page, 4, 'Fit')).getByRole('link', { name: GRID_MESSAGES.addCredits })).toHaveAttribute('href', '/dashboard/subscription')
  await expect((await gridCell(page, 5, 'Fit')).getByRole('img', { name: AI_COLUMN_MESSAGES.staleBadge })).toBeVisible()
  await expect(await gridCell(page, 5, 'Fit')).toContainText('Good fit')
})

test('follows a running cell: its open panel shows the answer when it is done, and its row is highlighted for 1.5 s', async ({ page, baseURL }) => {
  const uploadId = await openUploadedGrid(page, baseURL!, gridLeadsCsv(), 'ai-live')
  // The fake answers this prompt slowly: each cell runs for seconds.
  const created = await page.request.post(`/api/uploads/${uploadId}/ai-fields`, { data: { name: 'Pitch', prompt: `A one-line pitch for {Company} ${FAKE_AI_SLOW_MARKER}` } })
  const { id: fieldId } = (await created.json()) as { id: string }
  await page.reload()
  await expect(columnHeader(page, 'Pitch')).toBeVisible({ timeout: 30_000 })
  expect((await page.request.post(`/api/uploads/${uploadId}/ai-fields/${fieldId}/runs`, { data: { scope: 'all' } })).status()).toBe(202)

  // The panel opened on a cell that has not finished says so.
  const cell = await gridCell(page, 1, 'Pitch')
  await expect(cell.locator('[data-ai-cell]')).toHaveAttribute('data-ai-cell', /^(queued|running)$/)
  await cell.click()
  await cell.press('Enter')
  const detail = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.detailTitle('Pitch', 1) })
  const status = detail.getByTestId('ai-cell-status')
  await expect(status).toHaveText(new RegExp(`^(${AI_COLUMN_MESSAGES.statuses.queued}|${AI_COLUMN_MESSAGES.statuses.running})$`))
  await expect(detail.getByText(AI_COLUMN_MESSAGES.pendingValue)).toBeVisible()
  // The grid is under the modal panel (hidden from the accessibility tree): found by CSS.
  const gridRows = page.locator(`[role="grid"][aria-label="${GRID_MESSAGES.gridLabel}"] [role="row"][data-row-index]`)
  const updatedRow = gridRows.and(page.locator('[data-row-index="0"][data-updated]'))
  // The highlight's length is timed in the page, where it happens: a busy test runner's polling
  // would add its own delay to a figure taken from here.
  await page.evaluate((selector) => {
    const times: { on?: number; off?: number } = {}
    ;(window as unknown as { rowHighlight: typeof times }).rowHighlight = times
    const isOn = () => document.querySelector(selector) !== null
    new MutationObserver(() => {
      const now = performance.now()
      if (times.on === undefined && isOn()) times.on = now
      else if (times.on !== undefined && times.off === undefined && !isOn()) times.off = now
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-updated'] })
  }, `[role="grid"][aria-label="${GRID_MESSAGES.gridLabel}"] [role="row"][data-row-index="0"][data-updated]`)
  const rowUpdated = updatedRow.waitFor({ state: 'attached', timeout: FAKE_AI_SLOW_LATENCY_MS * 3 })

  // Without being opened again, it shows the answer and where it came from once the cell is done.
  await expect(status).toHaveText(AI_COLUMN_MESSAGES.statuses.done, { timeout: FAKE_AI_SLOW_LATENCY_MS * 3 })
  await expect(detail.getByTestId('ai-cell-value')).toHaveText(/\S/)
  for (const label of [AI_COLUMN_MESSAGES.reasoning, AI_COLUMN_MESSAGES.confidence, AI_COLUMN_MESSAGES.model, AI_COLUMN_MESSAGES.tokens, AI_COLUMN_MESSAGES.latency]) {
    await expect(detail.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible()
  }
  await expect(detail.getByText(AI_COLUMN_MESSAGES.pendingValue)).toHaveCount(0)

  // Meanwhile, in the grid beneath, the row of the cell that filled in was highlighted for 1.5 s,
  // and no row whose cell is still to come.
  await rowUpdated
  const rows = await gridRows.evaluateAll((list) => list.map((row) => ({ isUpdated: row.hasAttribute('data-updated'), cell: row.querySelector('[data-ai-cell]')?.getAttribute('data-ai-cell') })))
  expect(rows.filter((row) => row.isUpdated && row.cell !== 'value')).toEqual([])
  await updatedRow.waitFor({ state: 'detached', timeout: 5000 })
  const highlight = await page.evaluate(() => (window as unknown as { rowHighlight: { on?: number; off?: number } }).rowHighlight)
  const highlightMs = highlight.off! - highlight.on!
  expect(highlightMs).toBeGreaterThan(1000)
  expect(highlightMs).toBeLessThan(2500)
  await page.keyboard.press('Escape')
  await expect(detail).toBeHidden()

  // The run ends (its slow cells must not hold the fake's slots for the next journey).
  await expect
    .poll(async () => ((await (await page.request.get(`/api/uploads/${uploadId}/ai-fields/${fieldId}`)).json()) as { status: string }).status, { timeout: 30_000 })
    .toBe('completed')
})

test("puts a JSON column's fields in columns of their own, next to it and headed 'from' it", async ({ page, baseURL }) => {
  const uploadId = await openUploadedGrid(page, baseURL!, gridLeadsCsv(), 'ai-json-columns')
  // The dialog offers the option once the output is JSON.
  await page.getByRole('button', { name: AI_COLUMN_MESSAGES.enrichWithAi }).click()
  const dialog = createDialog(page)
  await expect(dialog.getByLabel(AI_COLUMN_MESSAGES.fieldsAsColumns)).toHaveCount(0)
  await dialog.getByRole('combobox', { name: AI_COLUMN_MESSAGES.outputType }).click()
  await page.getByRole('option', { name: AI_COLUMN_MESSAGES.outputKinds.json }).click()
  await expect(dialog.getByLabel(AI_COLUMN_MESSAGES.fieldsAsColumns)).toBeVisible()
  await page.keyboard.press('Escape')

  const outputType = { kind: 'json', fields: [{ name: 'city', type: 'text' }, { name: 'staff', type: 'number' }] }
  const created = await page.request.post(`/api/uploads/${uploadId}/ai-fields`, { data: { name: 'Facts', prompt: 'Facts about {Company}', outputType, fieldsAsColumns: true } })
  expect(created.status()).toBe(201)
  const { id: fieldId } = (await created.json()) as { id: string }
  expect((await page.request.post(`/api/uploads/${uploadId}/ai-fields/${fieldId}/runs`, { data: { scope: 'all' } })).status()).toBe(202)
  await expect
    .poll(async () => ((await (await page.request.get(`/api/uploads/${uploadId}/ai-fields/${fieldId}`)).json()) as { status: string }).status, { timeout: 30_000 })
    .toBe('completed')
  await page.reload()
  await expect(columnHeader(page, 'staff')).toBeVisible({ timeout: 30_000 })
  const place = async (name: string) => Number(await columnHeader(page, name).getAttribute('aria-colindex'))
  expect([await place('city'), await place('staff')]).toEqual([(await place('Facts')) + 1, (await place('Facts')) + 2])
  await expect(columnHeader(page, 'staff')).toContainText(AI_COLUMN_MESSAGES.filledFrom('Facts'))
  await columnHeader(page, 'staff').scrollIntoViewIfNeeded()
  await screenshotsAt1280And375(page, 'ai-json-field-columns')
  const staff = await columnValues(page, 'staff')
  expect(staff.length).toBeGreaterThan(0)
  for (const value of staff) expect(value).toMatch(/^[\d,.]+$/)
})
