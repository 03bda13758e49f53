import { expect, type Locator, type Page } from '@playwright/test'

/** What `setInputFiles` and `request.post({ multipart })` take for an in-memory file. */
export type FilePayload = { name: string; mimeType: string; buffer: Buffer }

export function csvFile(name: string, lines: string[]): FilePayload {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n') + '\n', 'utf8') }
}

/** A CSV with a header that leaves the detector no doubt: imported without the header dialog. */
export const LEADS_CSV = {
  columns: ['First Name', 'Last Name', 'Email', 'Company', 'Employees'],
  rows: [
    ['Ann', 'Ng', 'ann@acme.example', 'Acme', '120'],
    ['Bo', 'Li', 'bo@globex.example', 'Globex', '45'],
    ['Cy', 'Ra', 'cy@initech.example', 'Initech', '9'],
  ],
}

export function leadsCsv(name = 'leads.csv'): FilePayload {
  return csvFile(name, [LEADS_CSV.columns, ...LEADS_CSV.rows].map((row) => row.join(',')))
}

/** A plain text file of about `bytes` bytes that is a valid CSV. */
export function bigCsv(name: string, bytes: number): FilePayload {
  const header = 'Id,Name,Email,Notes\n'
  const lines = [header]
  let size = header.length
  for (let i = 1; size < bytes; i += 1) {
    const line = `${i},Person ${i},person${i}@example.com,${'x'.repeat(60)}\n`
    lines.push(line)
    size += line.length
  }
  return { name, mimeType: 'text/csv', buffer: Buffer.from(lines.join(''), 'utf8') }
}

/** The sonner toast with this title (and description, when given). */
export function toast(page: Page, title: string, description?: string): Locator {
  let item = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: title })
  if (description) item = item.filter({ hasText: description })
  return item
}

export function uploadDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Upload CSV File' })
}

/** Opens 'Upload CSV File' from the sidebar of the signed-in area. */
export async function openSidebarUploadDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Upload CSV File', exact: true }).click()
  const dialog = uploadDialog(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('status')).toHaveText('Ready to upload')
  return dialog
}

/** Records every POST to /api/uploads the page sends, to prove that none went out. */
export function recordUploadPosts(page: Page): string[] {
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/uploads')) posts.push(request.url())
  })
  return posts
}

/** The upload id of a `/dashboard/{id}` URL, after waiting for the browser to get there. */
export async function expectUploadDetailUrl(page: Page): Promise<string> {
  const pattern = /\/dashboard\/([0-9a-f-]{36})$/
  await expect(page).toHaveURL(pattern)
  return pattern.exec(new URL(page.url()).pathname)![1]!
}

/** The number under a stat card's label on the upload detail page ('Total Rows', 'Valid'...). */
export function stat(page: Page, label: string): Locator {
  return page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')
}

/** The detail page's rows grid (role=grid, virtualised: only the rows in sight are in the DOM). */
export function rowsTable(page: Page): Locator {
  return page.getByRole('grid', { name: 'Rows' })
}

/** The body rows of the rows grid that are rendered, in order. */
export function gridBodyRows(page: Page): Locator {
  return rowsTable(page).getByRole('rowgroup').nth(1).getByRole('row')
}

/**
 * The detail page's rows grid: the column names in order and the first rows, cell by cell (the
 * leading '#' column holds the 1-based row number).
 */
export async function expectRows(page: Page, columns: string[], firstRows: string[][]) {
  const table = rowsTable(page)
  await expect(table.getByRole('columnheader')).toHaveText(['#', ...columns])
  const bodyRows = gridBodyRows(page)
  for (const [index, row] of firstRows.entries()) {
    await expect(bodyRows.nth(index).getByRole('gridcell')).toHaveText([String(index + 1), ...row])
  }
}

/**
 * Records, from now on, each state the upload dialog shows as 'status line [progress value]', so a
 * test can check the order of the states even after the dialog has closed.
 */
export async function recordDialogStatuses(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { __uploadStatuses: string[] }).__uploadStatuses = seen
    const note = () => {
      const dialog = document.querySelector('[role="dialog"]')
      const text = dialog?.querySelector('[role="status"]')?.textContent?.trim()
      const value = dialog?.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')
      if (!text) return
      const entry = `${text} [${value ?? '-'}]`
      if (seen[seen.length - 1] !== entry) seen.push(entry)
    }
    note()
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    })
  })
  return () => page.evaluate(() => (window as unknown as { __uploadStatuses: string[] }).__uploadStatuses)
}

/** POST /api/uploads from the page's session, as the browser's origin, bypassing the client checks. */
export async function postUpload(page: Page, baseURL: string, file: FilePayload) {
  return page.request.post('/api/uploads', {
    headers: { origin: baseURL },
    multipart: { file },
  })
}
