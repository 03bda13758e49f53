import { expect, test } from '@playwright/test'
import { UPLOAD_DETAIL_MESSAGES, UPLOAD_MESSAGES } from '../src/common/messages.ts'
import { fillSignUpDialog, linkFromOutbox, newUser, signUpVerified } from './support/auth.ts'
import { startFreeTrial } from './support/billing.ts'
import { held } from './support/held.ts'
import {
  LEADS_CSV,
  bigCsv,
  csvFile,
  expectRows,
  expectUploadDetailUrl,
  leadsCsv,
  openSidebarUploadDialog,
  postUpload,
  recordDialogStatuses,
  recordUploadPosts,
  rowsTable,
  stat,
  toast,
} from './support/uploads.ts'

/** The e2e server runs with MAX_UPLOAD_MB=1 (playwright.config.ts). */
const LIMIT_MB = 1

test('a CSV with a clear header uploads through the sidebar dialog and opens its detail page', async ({ page }) => {
  await signUpVerified(page, newUser('upload'))
  const dialog = await openSidebarUploadDialog(page)
  await expect(dialog.getByText(UPLOAD_MESSAGES.acceptedTypes(LIMIT_MB))).toBeVisible()
  const statuses = await recordDialogStatuses(page)

  await dialog.getByTestId('upload-file-input').setInputFiles(leadsCsv('leads.csv'))
  await expect(toast(page, UPLOAD_MESSAGES.uploadSuccessTitle, UPLOAD_MESSAGES.processedBackground(3, 0))).toBeVisible()
  // Ready, uploading with a percentage, processing (maybe too quick to be seen), then complete at
  // 100%, which stays on screen until the dialog closes.
  const complete = `${UPLOAD_MESSAGES.statusComplete} [100]`
  await expect.poll(statuses).toContain(complete)
  const seen = await statuses()
  expect(seen[0]).toBe(`${UPLOAD_MESSAGES.statusReady} [0]`)
  expect(seen[1]).toMatch(/^Uploading file\.\.\. \d+% \[\d+\]$/)
  for (const entry of seen.slice(2, seen.indexOf(complete))) {
    expect(entry).toMatch(/^(Uploading file\.\.\. \d+%|Processing CSV data\.\.\.|Processing rows\.\.\. .+) \[\d+\]$/)
  }
  // No header question for a file like this one.
  await expect(page.getByRole('dialog', { name: /^Header Detection for/ })).toHaveCount(0)

  await expect(dialog).toBeHidden()
  // It closed on 'Upload complete!', without a glimpse of 'Ready to upload' as it faded out.
  expect((await statuses()).at(-1)).toBe(complete)
  await expectUploadDetailUrl(page)
  await expect(page.getByRole('heading', { level: 1, name: 'leads.csv' })).toBeVisible()
  await expect(stat(page, UPLOAD_DETAIL_MESSAGES.totalRows)).toHaveText('3')
  await expect(stat(page, UPLOAD_DETAIL_MESSAGES.validRows)).toHaveText('3')
  await expect(stat(page, UPLOAD_DETAIL_MESSAGES.skippedRows)).toHaveText('0')
  await expect(page.getByText('3 rows · 5 columns')).toBeVisible()
  await expectRows(page, LEADS_CSV.columns, LEADS_CSV.rows)

  // The file is listed in File Storage too.
  await page.getByRole('link', { name: 'File Storage' }).click()
  const card = page.getByTestId('file-card').filter({ hasText: 'leads.csv' })
  await expect(card.getByRole('definition').nth(1)).toHaveText('3')
})

test('a headerless CSV asks about headers, and "No Headers" imports it as Column 1..n', async ({ page }) => {
  await signUpVerified(page, newUser('headerless'))
  const dialog = await openSidebarUploadDialog(page)
  const rows = [
    ['1', '2024-01-05', '42.5'],
    ['2', '2024-02-11', '17.0'],
    ['3', '2024-03-09', '99.9'],
    ['4', '2024-04-01', '12.25'],
    ['5', '2024-05-20', '8.75'],
    ['6', '2024-06-30', '61.0'],
  ]
  await dialog.getByTestId('upload-file-input').setInputFiles(csvFile('measurements.csv', rows.map((row) => row.join(','))))

  const headers = page.getByRole('dialog', { name: UPLOAD_MESSAGES.headerDialogTitle('measurements.csv') })
  await expect(headers).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(headers.getByText(/^\d{1,3}% confidence$/)).toBeVisible()
  await expect(headers.getByText(UPLOAD_MESSAGES.headerUnlikely)).toBeVisible()
  await expect(headers.getByRole('heading', { name: UPLOAD_MESSAGES.headerReasons })).toBeVisible()
  await expect(headers.getByRole('listitem').filter({ hasText: /Row 1 looks like data/ })).toBeVisible()
  const preview = headers.getByRole('table', { name: 'First 5 rows of measurements.csv' })
  await expect(preview.getByRole('columnheader')).toHaveText(['Row', 'Col 1', 'Col 2', 'Col 3'])
  const previewRows = preview.locator('tbody').getByRole('row')
  await expect(previewRows).toHaveCount(5)
  await expect(previewRows.first().getByRole('cell')).toHaveText(['1', ...rows[0]!])
  await expect(previewRows.nth(4).getByRole('cell')).toHaveText(['5', ...rows[4]!])

  // Below 0.5 'No Headers' is the default button: it has the focus and Enter gives it.
  await expect(headers.getByRole('button', { name: UPLOAD_MESSAGES.noHeaders })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(toast(page, UPLOAD_MESSAGES.uploadSuccessTitle, UPLOAD_MESSAGES.processedBackground(6, 0))).toBeVisible()
  await expect(headers).toBeHidden()
  await expectUploadDetailUrl(page)
  await expect(page.getByRole('heading', { level: 1, name: 'measurements.csv' })).toBeVisible()
  await expect(stat(page, UPLOAD_DETAIL_MESSAGES.totalRows)).toHaveText('6')
  // Every line is data: the first one was not taken as a header.
  await expectRows(page, ['Column 1', 'Column 2', 'Column 3'], rows)
})

test('a header row below a title line can be picked in the header dialog', async ({ page }) => {
  await signUpVerified(page, newUser('titled'))
  const dialog = await openSidebarUploadDialog(page)
  const lines = ['Leads export,June', 'Name,City', 'Ann,Oslo', 'Bo,Rome', 'Cy,Lima']
  await dialog.getByTestId('upload-file-input').setInputFiles(csvFile('fair-leads.csv', lines))

  const headers = page.getByRole('dialog', { name: UPLOAD_MESSAGES.headerDialogTitle('fair-leads.csv') })
  await expect(headers).toBeVisible()
  await expect(headers.getByText(/^\d{1,3}% confidence$/)).toBeVisible()
  await expect(headers.getByText(UPLOAD_MESSAGES.headerMaybe)).toBeVisible()
  const preview = headers.getByRole('table', { name: 'First 5 rows of fair-leads.csv' })
  await expect(preview.getByRole('columnheader')).toHaveText(['Row', 'Col 1', 'Col 2'])
  const previewRows = preview.locator('tbody').getByRole('row')
  // The detector's guess is the first row.
  const picker = headers.getByRole('combobox', { name: UPLOAD_MESSAGES.headerRowLabel })
  await expect(picker).toHaveText('Row 1')
  await expect(previewRows.first()).toHaveAttribute('aria-selected', 'true')

  await picker.click()
  await page.getByRole('option', { name: 'Row 2' }).click()
  await expect(picker).toHaveText('Row 2')
  await expect(previewRows.nth(1)).toHaveAttribute('aria-selected', 'true')
  await expect(previewRows.first()).toHaveAttribute('aria-selected', 'false')
  await headers.getByRole('button', { name: UPLOAD_MESSAGES.useAsHeaders }).click()

  await expect(toast(page, UPLOAD_MESSAGES.uploadSuccessTitle, UPLOAD_MESSAGES.processedBackground(3, 0))).toBeVisible()
  await expectUploadDetailUrl(page)
  await expect(page.getByRole('heading', { level: 1, name: 'fair-leads.csv' })).toBeVisible()
  await expect(stat(page, UPLOAD_DETAIL_MESSAGES.totalRows)).toHaveText('3')
  await expectRows(page, ['Name', 'City'], [['Ann', 'Oslo'], ['Bo', 'Rome'], ['Cy', 'Lima']])
  // The title line above the header is not imported as a row.
  await expect(rowsTable(page).getByText('Leads export')).toHaveCount(0)
})

test('a file that is not a CSV is refused in the dialog and nothing is uploaded', async ({ page }) => {
  await signUpVerified(page, newUser('pdf'))
  const posts = recordUploadPosts(page)
  const dialog = await openSidebarUploadDialog(page)
  await dialog.getByTestId('upload-file-input').setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n'),
  })
  await expect(toast(page, UPLOAD_MESSAGES.invalidTypeTitle, UPLOAD_MESSAGES.invalidTypeBody)).toBeVisible()
  await expect(dialog).toBeVisible()
  // The status line says what was wrong and names every type the dialog takes.
  await expect(dialog.getByRole('status')).toHaveText(UPLOAD_MESSAGES.wrongTypeStatus + UPLOAD_MESSAGES.wrongTypeDetail('notes.pdf'))
  await expect(dialog.getByRole('status')).toContainText('CSV (.csv), TSV (.tsv), text (.txt) or Excel (.xlsx)')
  expect(posts).toEqual([])

  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'No files yet' })).toBeVisible()
  const list = await page.request.get('/api/uploads')
  expect(list.status()).toBe(200)
  expect((await list.json()) as { data: unknown[] }).toMatchObject({ data: [] })
})

test('a file over the upload limit is refused in the dialog, and by the server when sent anyway', async ({ page, baseURL }) => {
  await signUpVerified(page, newUser('toolarge'))
  const posts = recordUploadPosts(page)
  const big = bigCsv('big.csv', 1.5 * 1024 * 1024)
  expect(big.buffer.length).toBeGreaterThan(1.5 * 1024 * 1024)

  const dialog = await openSidebarUploadDialog(page)
  await dialog.getByTestId('upload-file-input').setInputFiles(big)
  await expect(toast(page, UPLOAD_MESSAGES.tooLargeTitle, UPLOAD_MESSAGES.tooLarge(LIMIT_MB))).toBeVisible()
  // The status line says why the file was refused (issue 10, item 18).
  await expect(dialog.getByRole('status')).toContainText(UPLOAD_MESSAGES.tooLarge(LIMIT_MB))
  expect(posts).toEqual([])

  // The server checks the same limit when the browser's check is bypassed.
  const response = await postUpload(page, baseURL!, big)
  expect(response.status()).toBe(413)
  expect(await response.json()).toMatchObject({
    error: { code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_MESSAGES.tooLarge(LIMIT_MB) },
  })
  const list = await page.request.get('/api/uploads')
  expect((await list.json()) as { data: unknown[] }).toMatchObject({ data: [] })

  // A file under the limit goes through the same route.
  const small = await postUpload(page, baseURL!, leadsCsv('small.csv'))
  expect(small.status()).toBe(201)
})

test('a file dropped on the landing page while signed out is imported after sign-up', async ({ page }) => {
  const user = newUser('handoff')
  await page.goto('/')
  await page.getByTestId('landing-file-input').setInputFiles(leadsCsv('fair-leads.csv'))
  await expect(toast(page, UPLOAD_MESSAGES.fileSavedTitle, UPLOAD_MESSAGES.fileSavedBody)).toBeVisible()
  await expect(page).toHaveURL(/\/\?mode=signup$/)
  await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible()

  await fillSignUpDialog(page, user)
  await page.goto(await linkFromOutbox(user.email, '/api/auth/verify-email'))

  const uploadId = await expectUploadDetailUrl(page)
  await expect(toast(page, UPLOAD_MESSAGES.fileProcessedTitle, UPLOAD_MESSAGES.fileProcessedBody)).toBeVisible()
  // A new user meets the payment gate on the file's page and starts the trial there.
  await startFreeTrial(page)
  await expect(page.getByRole('heading', { level: 1, name: 'fair-leads.csv' })).toBeVisible()
  await expect(stat(page, UPLOAD_DETAIL_MESSAGES.totalRows)).toHaveText('3')
  await expectRows(page, LEADS_CSV.columns, LEADS_CSV.rows)

  // The saved copy was taken: it is not imported a second time.
  const list = await page.request.get('/api/uploads')
  expect((await list.json()) as { data: { id: string }[] }).toMatchObject({ data: [{ id: uploadId }] })
  expect(await page.evaluate(() => new Promise((resolve, reject) => {
    const request = indexedDB.open('rowcraft')
    request.onerror = () => reject(request.error)
    request.onsuccess = () => {
      const db = request.result
      const get = db.transaction('pending-upload').objectStore('pending-upload').get('pending')
      get.onsuccess = () => resolve(get.result ?? null)
      get.onerror = () => reject(get.error)
    }
  }))).toBeNull()
})

test('a file left at the header question is confirmed on its page, and its rows show once imported', async ({ page, baseURL }) => {
  await signUpVerified(page, newUser('late-rows'))
  // Enough headerless rows that the import takes a while: the page asks for the rows while the
  // file is still importing.
  const lines = Array.from({ length: 36_000 }, (_, i) => `${i + 1},2024-01-${String((i % 28) + 1).padStart(2, '0')},${(i / 4).toFixed(2)}`)
  const file = csvFile('readings.csv', lines)
  expect(file.buffer.length).toBeLessThan(LIMIT_MB * 1024 * 1024)
  const created = await postUpload(page, baseURL!, file)
  expect(created.status()).toBe(201)
  const { upload_id: uploadId, needs_header_confirmation: asksAboutHeaders } = (await created.json()) as {
    upload_id: string
    needs_header_confirmation: boolean
  }
  expect(asksAboutHeaders).toBe(true)

  // The first rows answer, given while the file imports, reaches the page only after the import
  // has ended: the page must not keep it.
  const rowCounts: number[] = []
  const importEnded = held()
  const firstAnswered = held()
  await page.route('**/api/uploads/*/rows?*', async (route) => {
    const response = await route.fetch()
    rowCounts.push(((await response.json()) as { count: number }).count)
    const isFirst = rowCounts.length === 1
    if (isFirst) await importEnded.released
    await route.fulfill({ response })
    if (isFirst) firstAnswered.release()
  })

  await page.goto(`/dashboard/${uploadId}`)
  await expect(page.getByText(UPLOAD_DETAIL_MESSAGES.awaitingHeaderTitle)).toBeVisible()
  await expect(rowsTable(page)).toHaveCount(0)
  await page.getByRole('button', { name: UPLOAD_DETAIL_MESSAGES.confirmHeaders }).click()
  const headers = page.getByRole('dialog', { name: UPLOAD_MESSAGES.headerDialogTitle('readings.csv') })
  await expect(headers.getByText(UPLOAD_MESSAGES.headerUnlikely)).toBeVisible()
  await headers.getByRole('button', { name: UPLOAD_MESSAGES.noHeaders }).click()
  await expect(headers).toBeHidden()

  // The first answer goes to the page once the import has ended; what the page shows is then checked.
  await expect.poll(async () => ((await (await page.request.get(`/api/uploads/${uploadId}/progress`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe('completed')
  importEnded.release()
  await firstAnswered.released
  await expect(page.getByText(`${(36_000).toLocaleString('en-US')} rows · 3 columns`)).toBeVisible({ timeout: 30_000 })
  await expect(stat(page, UPLOAD_DETAIL_MESSAGES.totalRows)).toHaveText('36,000')
  await expectRows(page, ['Column 1', 'Column 2', 'Column 3'], [['1', '2024-01-01', '0.00'], ['2', '2024-01-02', '0.25']])
  expect(rowCounts[0]).toBe(0)
})

test('"Try with sample data" on the empty dashboard opens the imported sample file', async ({ page }) => {
  await signUpVerified(page, newUser('sample'))
  await expect(page.getByRole('heading', { name: 'No files yet' })).toBeVisible()
  await page.getByRole('button', { name: UPLOAD_MESSAGES.trySample }).click()

  await expect(toast(page, UPLOAD_MESSAGES.uploadSuccessTitle, UPLOAD_MESSAGES.processedBackground(40, 0))).toBeVisible()
  await expectUploadDetailUrl(page)
  await expect(page.getByRole('heading', { level: 1, name: 'sample-leads.csv' })).toBeVisible()
  await expect(stat(page, UPLOAD_DETAIL_MESSAGES.totalRows)).toHaveText('40')
  await expect(stat(page, UPLOAD_DETAIL_MESSAGES.validRows)).toHaveText('40')
  await expect(page.getByText(/^40 rows · \d+ columns$/)).toBeVisible()
  // 40 rows and the header row; the grid renders only the rows in sight.
  await expect(rowsTable(page)).toHaveAttribute('aria-rowcount', '41')
  await expect(rowsTable(page).getByRole('columnheader', { name: 'Email' })).toBeVisible()
  await expect(rowsTable(page).getByRole('gridcell', { name: 'jose.garcia@northwind-analytics.example' })).toBeVisible()
})

test("another user's upload detail URL shows the not-found state, not the data", async ({ page, browser, baseURL }) => {
  await signUpVerified(page, newUser('owner'))
  const created = await postUpload(page, baseURL!, leadsCsv('private-leads.csv'))
  expect(created.status()).toBe(201)
  const { upload_id: uploadId } = (await created.json()) as { upload_id: string }
  await page.goto(`/dashboard/${uploadId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'private-leads.csv' })).toBeVisible()
  await expectRows(page, LEADS_CSV.columns, LEADS_CSV.rows.slice(0, 1))

  const otherContext = await browser.newContext()
  try {
    const other = await otherContext.newPage()
    await signUpVerified(other, newUser('intruder'))
    await other.goto(`/dashboard/${uploadId}`)
    await expect(other.getByRole('heading', { name: UPLOAD_DETAIL_MESSAGES.notFoundTitle })).toBeVisible()
    await expect(other.getByText(UPLOAD_DETAIL_MESSAGES.notFoundBody)).toBeVisible()
    await expect(other.getByRole('link', { name: UPLOAD_DETAIL_MESSAGES.goToFiles })).toBeVisible()
    await expect(other.getByText('private-leads.csv')).toHaveCount(0)
    await expect(other.getByText('ann@acme.example')).toHaveCount(0)
    await expect(other.getByRole('grid', { name: 'Rows' })).toHaveCount(0)
    expect((await other.request.get(`/api/uploads/${uploadId}`)).status()).toBe(404)
    expect((await other.request.get(`/api/uploads/${uploadId}/rows`)).status()).toBe(404)
  } finally {
    await otherContext.close()
  }
})
