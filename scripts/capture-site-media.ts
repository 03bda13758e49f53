/**
 * Screenshots and the demo video of the public site, taken from a running Rowcraft with its own
 * data folder (so the outbox is readable), e.g.:
 *   npx vite build && PORT=3208 DATA_DIR=/tmp/media NODE_ENV=production node --import tsx src/server/main.ts
 *   E2E_DATA_DIR=/tmp/media MEDIA_BASE_URL=http://localhost:3208 npx tsx scripts/capture-site-media.ts
 * Writes src/web/public/images/product/*.jpg and src/web/public/media/rowcraft-demo.webm.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, expect, type Page } from '@playwright/test'
import { GRID_MESSAGES, QUALITY_REPORT_MESSAGES, UPLOAD_DETAIL_MESSAGES, UPLOAD_MESSAGES } from '../src/common/messages.ts'
import { lastMailTo } from '../src/server/test/outbox.ts'
import { pickOption } from '../e2e/support/grid.ts'
import { csvFile, openSidebarUploadDialog, postUpload, rowsTable } from '../e2e/support/uploads.ts'

const baseURL = process.env.MEDIA_BASE_URL ?? 'http://localhost:3208'
const imagesDir = join(import.meta.dirname, '../src/web/public/images/product')
const mediaDir = join(import.meta.dirname, '../src/web/public/media')
mkdirSync(imagesDir, { recursive: true })
mkdirSync(mediaDir, { recursive: true })

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const shot = (page: Page, name: string) => page.screenshot({ path: join(imagesDir, `${name}.jpg`), type: 'jpeg', quality: 78 })

const patient = { timeout: 60_000 }

/** Sign-up through the API, the mailed link, then the trial (local billing, no card). */
async function signUp(page: Page) {
  const email = `media.${Date.now()}@example.com`
  const res = await page.request.post(`${baseURL}/api/auth/sign-up/email`, {
    headers: { origin: baseURL },
    data: { email, password: 'Correct-Horse9!', name: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace', callbackURL: '/' },
  })
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`)
  await expect.poll(() => { try { return lastMailTo(process.env.E2E_DATA_DIR!, email).links.length } catch { return 0 } }, patient).toBeGreaterThan(0)
  await page.goto(lastMailTo(process.env.E2E_DATA_DIR!, email).links.find((l) => l.includes('verify-email'))!)
  await page.goto(`${baseURL}/payment-setup`)
  const modal = page.getByRole('dialog', { name: 'Welcome to Pro!' })
  await modal.getByRole('button', { name: 'Start Free Trial' }).click(patient)
  await expect(page).toHaveURL(/\/dashboard$/, patient)
}

async function openSample(page: Page) {
  await page.goto(`${baseURL}/dashboard`)
  await page.getByRole('button', { name: UPLOAD_MESSAGES.trySample }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'sample-leads.csv' })).toBeVisible(patient)
  await expect(rowsTable(page)).toBeVisible(patient)
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
await signUp(page)
const storageState = await setup.storageState()

// Desktop screenshots (MEDIA_VIDEO_ONLY=1 skips them).
if (!process.env.MEDIA_VIDEO_ONLY) {
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
await expect(page.getByRole('dialog', { name: UPLOAD_MESSAGES.headerDialogTitle('fair-leads.csv') })).toBeVisible(patient)
await page.waitForTimeout(500)
await shot(page, 'upload-dialog')
await page.keyboard.press('Escape')

const ragged = ['Name,City,Score', 'Ann,Oslo,1', 'Bo,Rome', 'Cy,Lima,3,extra,more', 'Di,Kyiv,4', 'Ed,Nice', 'Flo,Bern,6', 'Gus,Graz,7']
const created = await postUpload(page, baseURL, csvFile('event-leads.csv', ragged))
const { upload_id: raggedId } = (await created.json()) as { upload_id: string }
await page.waitForTimeout(1500)
await page.goto(`${baseURL}/dashboard/${raggedId}`)
await page.getByRole('button', { name: UPLOAD_DETAIL_MESSAGES.viewDetails }).click()
await expect(page.getByRole('dialog', { name: QUALITY_REPORT_MESSAGES.title })).toBeVisible(patient)
await page.waitForTimeout(500)
await shot(page, 'quality-report')

// The phone preview.
const phone = await browser.newContext({ baseURL, storageState, viewport: { width: 375, height: 740 }, deviceScaleFactor: 1 })
const phonePage = await phone.newPage()
await phonePage.goto(`${baseURL}/dashboard/files`)
await phonePage.getByText('sample-leads.csv').first().click()
await expect(rowsTable(phonePage)).toBeVisible(patient)
await phonePage.waitForTimeout(800)
await shot(phonePage, 'grid-mobile')
await phone.close()
}

// The demo video: import the sample, search, filter, open the export menu. Frames are screenshots
// of the real app; Chromium's own MediaRecorder encodes them to WebM (no ffmpeg needed).
const frames: { data: string; ms: number }[] = []
const video = await (await browser.newContext({ baseURL, storageState, viewport: { width: 1280, height: 720 } })).newPage()
async function frame(ms: number) {
  frames.push({ data: (await video.screenshot({ type: 'jpeg', quality: 80 })).toString('base64'), ms })
}
await video.goto(`${baseURL}/dashboard`)
await frame(1800)
await video.getByRole('button', { name: UPLOAD_MESSAGES.trySample }).hover()
await frame(1200)
await openSample(video)
await shot(video, 'demo-poster')
await frame(2500)
const search = video.getByLabel(GRID_MESSAGES.searchLabel)
for (const text of ['B', 'Be', 'Ber', 'Berl', 'Berli', 'Berlin']) {
  await search.fill(text)
  await frame(180)
}
await video.waitForTimeout(1200)
await frame(2200)
await search.fill('')
await video.waitForTimeout(1000)
await frame(1200)
await video.getByRole('button', { name: /^Filter( \d+)?$/ }).click()
await video.waitForTimeout(500)
await frame(1500)
await video.keyboard.press('Escape')
await addCountryFilter(video, 'Germany')
await frame(2800)
await video.getByRole('button', { name: GRID_MESSAGES.export, exact: true }).click()
await video.waitForTimeout(500)
await frame(1500)
await video.getByRole('menuitem', { name: /^Export View/ }).hover()
await video.waitForTimeout(600)
await frame(3000)

const recorder = await browser.newPage()
await recorder.setContent('<canvas width="1280" height="720"></canvas>')
const webm = await recorder.evaluate(async (list) => {
  const canvas = document.querySelector('canvas')!
  const context = canvas.getContext('2d')!
  const images = await Promise.all(
    list.map(({ data }) => new Promise<HTMLImageElement>((resolve) => {
      const image = new Image()
      image.onload = () => resolve(image)
      image.src = `data:image/jpeg;base64,${data}`
    })),
  )
  context.drawImage(images[0]!, 0, 0)
  const stream = canvas.captureStream(30)
  const media = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 1_200_000 })
  const chunks: Blob[] = []
  media.ondataavailable = (event) => chunks.push(event.data)
  const stopped = new Promise((resolve) => (media.onstop = resolve))
  media.start()
  for (let i = 0; i < images.length; i++) {
    const until = performance.now() + list[i]!.ms
    while (performance.now() < until) {
      context.drawImage(images[i]!, 0, 0)
      await new Promise((resolve) => setTimeout(resolve, 33))
    }
  }
  media.stop()
  await stopped
  const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}, frames)
writeFileSync(join(mediaDir, 'rowcraft-demo.webm'), Buffer.from(webm, 'base64'))

await setup.close()
await browser.close()
console.log('media written to', imagesDir, 'and', mediaDir)
