import { expect, test } from '@playwright/test'
import { GRID_MESSAGES, UPLOAD_DETAIL_MESSAGES } from '../src/common/messages.ts'
import { expectColumnValues, headerNames, openUploadedGrid } from './support/grid.ts'
import { leadsCsv, stat } from './support/uploads.ts'

test('rows a script adds by API with a token appear in the open grid, with the counts, without a reload', async ({ page, playwright, baseURL }) => {
  const uploadId = await openUploadedGrid(page, baseURL!, leadsCsv('live-rows.csv'), 'rows-api')
  await expectColumnValues(page, 'Email', ['ann@acme.example', 'bo@globex.example', 'cy@initech.example'])
  await expect(stat(page, UPLOAD_DETAIL_MESSAGES.totalRows)).toHaveText('3')

  const created = await page.request.post('/api/api-tokens', { data: { name: 'CRM sync', scope: 'read_write' } })
  expect(created.status()).toBe(201)
  const { token } = (await created.json()) as { token: string }
  const script = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } })

  let navigations = 0
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1
  })

  const added = await script.post(`/api/uploads/${uploadId}/rows`, {
    data: { rows: [{ 'first name': 'Dee', Email: 'dee@umbrella.example', Company: 'Umbrella', Phone: '555-0100' }], addColumns: true },
  })
  expect(added.status(), await added.text()).toBe(201)
  expect(await added.json()).toMatchObject({ added: 1, addedRowIndexes: [3], addedColumns: ['Phone'], totalRows: 4 })

  await expectColumnValues(page, 'Email', ['ann@acme.example', 'bo@globex.example', 'cy@initech.example', 'dee@umbrella.example'])
  await expect(stat(page, UPLOAD_DETAIL_MESSAGES.totalRows)).toHaveText('4')
  await expect(page.getByText(GRID_MESSAGES.summary('4', 6))).toBeVisible()
  expect(await headerNames(page)).toContain('Phone')

  // An upsert from the same script updates the row in place: no new row, the new value shown.
  const upserted = await script.post(`/api/uploads/${uploadId}/rows?upsert=Email`, { data: { rows: [{ Email: 'BO@globex.example', Company: 'Globex Corp' }] } })
  expect(await upserted.json()).toMatchObject({ added: 0, updated: 1, updatedRowIndexes: [1] })
  await expectColumnValues(page, 'Company', ['Acme', 'Globex Corp', 'Initech', 'Umbrella'])
  expect(navigations).toBe(0)
  await script.dispose()
})
