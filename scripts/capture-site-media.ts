/**
 * Screenshots and the demo video of the public site, taken from a running Rowcraft with its own
 * data folder (so the outbox is readable), e.g.:
 *   npx vite build && PORT=3208 DATA_DIR=/tmp/media NODE_ENV=production node --import tsx src/server/main.ts
 *   E2E_DATA_DIR=/tmp/media MEDIA_BASE_URL=http://localhost:3208 npx tsx scripts/capture-site-media.ts
 * Writes src/web/public/images/product/*.jpg and src/web/public/media/rowcraft-demo.webm.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, expect, type Page } from '@playwright/test'
import { GRID_MESSAGES, QUALITY_REPORT_MESSAGES, UPLOAD_DETAIL_MESSAGES, UPLOAD_MESSAGES } from '../src/common/messages.ts'
import { newUser, signUpVerified } from '../e2e/support/auth.ts'
import { pickOption } from '../e2e/support/grid.ts'
import { csvFile, openSidebarUploadDialog, postUpload, rowsTable } from '../e2e/support/uploads.ts'

const baseURL = process.env.MEDIA_BASE_URL ?? 'http://localhost:3208'
const imagesDir = join(import.meta.dirname, '../src/web/public/images/product')
const mediaDir = join(import.meta.dirname, '../src/web/public/media')
mkdirSync(imagesDir, { recursive: true })
mkdirSync(mediaDir, { recursive: true })

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const shot = (page: Page, name: string) => page.screenshot({ path: join(imagesDir, `${name}.jpg`), type: 'jpeg', quality: 78 })

async function openSample(page: Page) {
  await page.goto(`${baseURL}/dashboard`)
  await page.getByRole('button', { name: UPLOAD_MESSAGES.trySample }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'sample-leads.csv' })).toBeVisible({ timeout: 30_000 })
  await expect(rowsTable(page)).toBeVisible()
  await page.waitForTimeout(800)
}

async function addCountryFilter(page: Page, country: string) {
  await page.getByRole('button', { name: /^Filter( \d+)?$/ }).click()
  const popover = page.getByRole('dialog', { name: GRID_MESSAGES.addFilter })
  await pickOption(page, popover, GRID_MESSAGES.filterColumn, 'Country')
  await pickOption(page, popover, GRID_MESSAGES.filterCondition, GRID_MESSAGES.operators.equals)
  await popover.getByLabel(GRID_MESSAGES.filterValue).fill(country)
  await popover.getByRole('button', { name: GRID_MESSAGES.addFilter }).click()
  await page.waitForTimeout(800)
}

// One account for everything, signed up outside the recording.
const setup = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })
const page = await setup.newPage()
await signUpVerified(page, newUser('media'))
const storageState = await setup.storageState()

// Desktop screenshots.
await openSample(page)
await shot(page, 'grid')
await addCountryFilter(page, 'Germany')
await shot(page, 'filters')
await page.getByRole('button', { name: GRID_MESSAGES.export, exact: true }).click()
await page.getByRole('menuitem', { name: GRID_MESSAGES.exportAll }).hover()
await page.waitForTimeout(500)
await shot(page, 'export-menu')
await page.keyboard.press('Escape')
await page.keyboard.press('Escape')

const dialog = await openSidebarUploadDialog(page)
await dialog.getByTestId('upload-file-input').setInputFiles(
  csvFile('fair-leads.csv', ['Leads export,June 2026,', 'Name,Company,City', 'Ann Berg,Acme,Oslo', 'Bo Li,Globex,Rome', 'Cy Diaz,Initech,Lima', 'Di Ek,Umbrella,Kyiv']),
)
await expect(page.getByRole('dialog', { name: UPLOAD_MESSAGES.headerDialogTitle('fair-leads.csv') })).toBeVisible()
await page.waitForTimeout(500)
await shot(page, 'upload-dialog')
await page.keyboard.press('Escape')

const ragged = ['Name,City,Score', 'Ann,Oslo,1', 'Bo,Rome', 'Cy,Lima,3,extra,more', 'Di,Kyiv,4', 'Ed,Nice', 'Flo,Bern,6', 'Gus,Graz,7']
const created = await postUpload(page, baseURL, csvFile('event-leads.csv', ragged))
const { upload_id: raggedId } = (await created.json()) as { upload_id: string }
await page.waitForTimeout(1500)
await page.goto(`${baseURL}/dashboard/${raggedId}`)
await page.getByRole('button', { name: UPLOAD_DETAIL_MESSAGES.viewDetails }).click()
await expect(page.getByRole('dialog', { name: QUALITY_REPORT_MESSAGES.title })).toBeVisible()
await page.waitForTimeout(500)
await shot(page, 'quality-report')

// The phone preview.
const phone = await browser.newContext({ baseURL, storageState, viewport: { width: 375, height: 740 }, deviceScaleFactor: 1 })
const phonePage = await phone.newPage()
await phonePage.goto(`${baseURL}/dashboard/files`)
await phonePage.getByText('sample-leads.csv').first().click()
await expect(rowsTable(phonePage)).toBeVisible()
await phonePage.waitForTimeout(800)
await shot(phonePage, 'grid-mobile')
await phone.close()

// The demo video: import the sample, search, filter, open the export menu.
const videoDir = join(mediaDir, '.recording')
rmSync(videoDir, { recursive: true, force: true })
const recorded = await browser.newContext({ baseURL, storageState, viewport: { width: 1280, height: 720 }, recordVideo: { dir: videoDir, size: { width: 1280, height: 720 } } })
const video = await recorded.newPage()
await video.goto(`${baseURL}/dashboard/files`)
await video.waitForTimeout(1200)
await video.goto(`${baseURL}/dashboard`)
await video.waitForTimeout(600)
await openSample(video)
await shot(video, 'demo-poster')
await video.getByLabel(GRID_MESSAGES.searchLabel).pressSequentially('Berlin', { delay: 90 })
await video.waitForTimeout(1500)
await video.getByLabel(GRID_MESSAGES.searchLabel).fill('')
await video.waitForTimeout(800)
await addCountryFilter(video, 'Germany')
await video.waitForTimeout(1200)
await video.getByRole('button', { name: GRID_MESSAGES.export, exact: true }).click()
await video.waitForTimeout(600)
await video.getByRole('menuitem', { name: /^Export View/ }).hover()
await video.waitForTimeout(1800)
await video.keyboard.press('Escape')
await video.waitForTimeout(800)
const path = await video.video()!.path()
await recorded.close()
renameSync(path, join(mediaDir, 'rowcraft-demo.webm'))
rmSync(videoDir, { recursive: true, force: true })

await setup.close()
await browser.close()
console.log('media written to', imagesDir, 'and', mediaDir)
