import { expect, test } from '@playwright/test'
import { IMPORT_WARNINGS, QUALITY_REPORT_MESSAGES, UPLOAD_DETAIL_MESSAGES } from '../src/common/messages.ts'
import { newUser, signUpVerified } from './support/auth.ts'
import { postUpload, rowsTable } from './support/uploads.ts'

test('the Data Quality Report says how the file was read: a non-UTF-8 encoding and a lone CR', async ({ page, baseURL }) => {
  // Latin-1 bytes, and a carriage return that ends a row without a line feed.
  const text = 'Name,Email,City\nJosé,jose@x.example,Zürich\nBo,bo@x.example,Rome\rCy,cy@x.example,Lima\nDi,di@x.example,Kyiv\n'
  await signUpVerified(page, newUser('report'))
  const created = await postUpload(page, baseURL!, { name: 'latin1.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'latin1') })
  expect(created.status()).toBe(201)
  const { upload_id: id, needs_header_confirmation: asks } = (await created.json()) as { upload_id: string; needs_header_confirmation: boolean }
  if (asks) await page.request.post(`/api/uploads/${id}/confirm-headers`, { data: { hasHeaders: true, headerRowIndex: 0 } })
  await expect.poll(async () => ((await (await page.request.get(`/api/uploads/${id}`)).json()) as { status: string }).status).toBe('completed')
  await page.goto(`/dashboard/${id}`)
  await expect(rowsTable(page)).toBeVisible()

  await page.getByRole('button', { name: UPLOAD_DETAIL_MESSAGES.viewDetails }).click()
  const report = page.getByRole('dialog', { name: QUALITY_REPORT_MESSAGES.title })
  const notes = report.getByRole('region', { name: IMPORT_WARNINGS.heading })
  await expect(notes.getByRole('listitem')).toHaveText([IMPORT_WARNINGS.notUtf8('windows-1252'), IMPORT_WARNINGS.bareCarriageReturn(3)])
  if (process.env.SCREENSHOT_DIR) {
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/report-1280.png`, fullPage: true })
    await page.setViewportSize({ width: 375, height: 800 })
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/report-375.png`, fullPage: true })
  }
})
