/**
 * Screenshots and the demo video of the public site, taken from a running Rowcraft with its own
 * data folder (so the outbox is readable) whose AI provider is the fake OpenAI-compatible server
 * this script starts (scripts/media-fake-ai.ts, on MEDIA_FAKE_AI_PORT, default 3209), e.g.:
 *   npx vite build && PORT=3208 DATA_DIR=/tmp/media NODE_ENV=production \
 *     OPENAI_BASE_URL=http://127.0.0.1:3209/v1 OPENAI_API_KEY=sk-media node --import tsx src/server/main.ts
 *   E2E_DATA_DIR=/tmp/media MEDIA_BASE_URL=http://localhost:3208 npx tsx scripts/capture-site-media.ts
 * Writes src/web/public/images/product/*.jpg and src/web/public/media/rowcraft-demo.{webm,vtt}.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, expect, type Locator, type Page } from '@playwright/test'
import { AI_COLUMN_MESSAGES, AI_FIELD_MESSAGES, GRID_MESSAGES, QUALITY_REPORT_MESSAGES, UPLOAD_DETAIL_MESSAGES, UPLOAD_MESSAGES } from '../src/common/messages.ts'
import { lastMailTo } from '../src/server/test/outbox.ts'
import { gridCell, pickOption } from '../e2e/support/grid.ts'
import { csvFile, openSidebarUploadDialog, postUpload, rowsTable, toast } from '../e2e/support/uploads.ts'
import { MEDIA_AI_COLUMN, startMediaFakeAi } from './media-fake-ai.ts'

const baseURL = process.env.MEDIA_BASE_URL ?? 'http://localhost:3208'
const imagesDir = join(import.meta.dirname, '../src/web/public/images/product')
const mediaDir = join(import.meta.dirname, '../src/web/public/media')
mkdirSync(imagesDir, { recursive: true })
mkdirSync(mediaDir, { recursive: true })

// Answers take a little while, so the demo shows the cells filling in.
const fakeAi = await startMediaFakeAi(Number(process.env.MEDIA_FAKE_AI_PORT ?? 3209), Number(process.env.MEDIA_AI_LATENCY_MS ?? 900))

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const shot = (page: Page, name: string) => page.screenshot({ path: join(imagesDir, `${name}.jpg`), type: 'jpeg', quality: 78 })

const patient = { timeout: 60_000 }

/**
 * Sign-up through the API, the mailed link, then the trial (local billing, no card). The address
 * shows in the sidebar of every picture: a plain demo one, not a test's (capture into a fresh
 * data folder, where it is free).
 */
async function signUp(page: Page, email: string) {
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

async function addFilter(page: Page, column: string, value: string) {
  await page.getByRole('button', { name: /^Filter( \d+)?$/ }).click()
  const popover = page.getByRole('dialog', { name: GRID_MESSAGES.addFilter })
  await pickOption(page, popover, GRID_MESSAGES.filterColumn, column)
  await pickOption(page, popover, GRID_MESSAGES.filterCondition, GRID_MESSAGES.operators.equals)
  await popover.getByLabel(GRID_MESSAGES.filterValue).fill(value)
  await popover.getByRole('button', { name: GRID_MESSAGES.addFilter }).click()
  await page.waitForTimeout(800)
}

/**
 * Opens 'Enrich with AI' and writes the media's AI column: its name, the prompt (typed through the
 * '@' suggestions when `onStep` records the steps), and its choices. Returns the dialog.
 */
async function writeAiColumn(page: Page, onStep?: (ms: number) => Promise<void>) {
  const step = async (ms: number) => {
    if (onStep) await onStep(ms)
  }
  await page.getByRole('button', { name: AI_COLUMN_MESSAGES.enrichWithAi }).click()
  const dialog = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.createTitle })
  await expect(dialog).toBeVisible()
  await page.waitForTimeout(400)
  await step(1400)
  await dialog.getByLabel(AI_COLUMN_MESSAGES.columnName).fill(MEDIA_AI_COLUMN.name)
  const prompt = dialog.getByRole('combobox', { name: AI_COLUMN_MESSAGES.prompt })
  if (onStep) {
    // The prompt as a person writes it: '@' and the first letters pick a column.
    await prompt.click()
    for (const part of MEDIA_AI_COLUMN.prompt.split(/(\{[^}]+\})/)) {
      const column = /^\{(.+)\}$/.exec(part)?.[1]
      if (!column) {
        for (const words of part.match(/\S+\s*|\s+/g) ?? []) {
          await prompt.pressSequentially(words)
          await step(110)
        }
        continue
      }
      await prompt.pressSequentially(`@${column.slice(0, 3)}`)
      await page.waitForTimeout(250)
      await step(900)
      await prompt.press('Enter')
      await step(250)
    }
  } else {
    await prompt.fill(MEDIA_AI_COLUMN.prompt)
  }
  await step(1200)
  await pickOption(page, dialog, AI_COLUMN_MESSAGES.outputType, AI_COLUMN_MESSAGES.outputKinds.choice)
  await dialog.getByLabel(AI_COLUMN_MESSAGES.choicesLabel).fill(MEDIA_AI_COLUMN.choices.join('\n'))
  await step(1500)
  return dialog
}

/** Creates the column from its dialog and starts the run from the estimate; `onEstimate` sees the estimate. */
async function createAndRun(page: Page, dialog: Locator, onEstimate?: () => Promise<void>) {
  await dialog.getByRole('button', { name: AI_COLUMN_MESSAGES.create, exact: true }).click()
  const estimate = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.estimateTitle(MEDIA_AI_COLUMN.name) })
  await expect(estimate.getByRole('button', { name: AI_COLUMN_MESSAGES.start })).toBeEnabled(patient)
  await page.waitForTimeout(600)
  if (onEstimate) await onEstimate()
  await estimate.getByRole('button', { name: AI_COLUMN_MESSAGES.start }).click()
  await expect(estimate).toBeHidden(patient)
}

/**
 * Hides columns of the grid, in this order, until the rest fit beside the pinned one: a grid
 * scrolled sideways shows a column cut under the pinned first column.
 */
async function fitGridColumns(page: Page, hideInOrder: string[]) {
  const fits = () => rowsTable(page).evaluate((grid) => grid.scrollWidth <= grid.clientWidth + 1)
  await page.getByRole('button', { name: GRID_MESSAGES.columns, exact: true }).click()
  for (const name of hideInOrder) {
    if (await fits()) break
    // Saved on the server first: the box turns off when the column is hidden.
    const box = page.getByRole('checkbox', { name: GRID_MESSAGES.showColumn(name), exact: true })
    await box.click()
    await expect(box).toHaveAttribute('aria-checked', 'false', patient)
    await page.waitForTimeout(300)
  }
  await page.keyboard.press('Escape')
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await rowsTable(page).evaluate((grid) => grid.scrollTo({ left: 0 }))
  await page.waitForTimeout(400)
  if (!(await fits())) throw new Error('the grid still scrolls sideways: hide more columns')
}

/** True once every AI cell on screen shows its value. */
async function isAiColumnFilled(page: Page) {
  const states = await rowsTable(page).locator('[data-ai-cell]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-ai-cell')))
  return states.length > 0 && states.every((state) => state === 'value')
}

async function openCellDetail(page: Page, rowNumber: number) {
  const cell = await gridCell(page, rowNumber, MEDIA_AI_COLUMN.name)
  await cell.click()
  await cell.press('Enter')
  const detail = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.detailTitle(MEDIA_AI_COLUMN.name, rowNumber) })
  await expect(detail.getByTestId('ai-cell-value')).toBeVisible(patient)
  // Opened from the keyboard, the panel would show a focus ring on its close button.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.waitForTimeout(500)
  return detail
}

// One account for the screenshots, signed up outside the recording.
const setup = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })
const page = await setup.newPage()
await signUp(page, 'ada@rowcraft.example')
const storageState = await setup.storageState()

// Desktop screenshots (MEDIA_VIDEO_ONLY=1 skips them).
if (!process.env.MEDIA_VIDEO_ONLY) {
await openSample(page)
const sampleUrl = page.url()
await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, patient)
await shot(page, 'grid')
await addFilter(page, 'Country', 'Germany')
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

// The AI column: its dialog with a prompt naming columns and a test answer, the column filled in,
// and one cell's provenance.
await page.goto(sampleUrl)
await expect(rowsTable(page)).toBeVisible(patient)
const aiDialog = await writeAiColumn(page)
await aiDialog.getByLabel(AI_COLUMN_MESSAGES.testRow).fill('1')
await aiDialog.getByRole('button', { name: AI_COLUMN_MESSAGES.runTest(1) }).click()
await expect(aiDialog.getByTestId('ai-test-answer')).toBeVisible(patient)
await page.waitForTimeout(500)
await shot(page, 'ai-column-dialog')
await createAndRun(page, aiDialog)
await expect.poll(() => isAiColumnFilled(page), patient).toBe(true)
await expect(toast(page, AI_FIELD_MESSAGES.enrichmentCompleted)).toBeVisible(patient)
await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, patient)
await fitGridColumns(page, ['Last Name', 'Email', 'Phone', 'Website', 'LinkedIn URL', 'City', 'Country', 'Employees', 'Title', 'Industry'])
await page.mouse.move(640, 120)
await page.waitForTimeout(300)
await shot(page, 'ai-grid')
await openCellDetail(page, 1)
await shot(page, 'ai-cell-detail')
await page.keyboard.press('Escape')

// The phone preview.
const phone = await browser.newContext({ baseURL, storageState, viewport: { width: 375, height: 740 }, deviceScaleFactor: 1 })
const phonePage = await phone.newPage()
await phonePage.goto(`${baseURL}/dashboard/files`)
await phonePage.getByText('sample-leads.csv').first().click()
await expect(rowsTable(phonePage)).toBeVisible(patient)
// The AI column is the last one: scrolled into sight beside the pinned first column.
await rowsTable(phonePage).evaluate((grid) => grid.scrollTo({ left: grid.scrollWidth }))
await phonePage.waitForTimeout(800)
await shot(phonePage, 'grid-mobile')
await phone.close()
}

// The demo video: import the sample, search it, add an AI column and watch it fill in, open a
// cell's provenance, filter on the AI column, open the export menu. Frames are screenshots of the
// real app; Chromium's own MediaRecorder encodes them to WebM (no ffmpeg needed). Each caption
// runs until the next one (the WebVTT file is written from the same timeline).
const frames: { data: string; ms: number }[] = []
const captions: { startMs: number; text: string }[] = []
let timelineMs = 0
// A second new account: the recording starts on an empty dashboard.
const video = await (await browser.newContext({ baseURL, viewport: { width: 1280, height: 720 } })).newPage()
await signUp(video, 'ada.lovelace@rowcraft.example')
async function frame(ms: number, caption?: string) {
  if (caption) captions.push({ startMs: timelineMs, text: caption })
  frames.push({ data: (await video.screenshot({ type: 'jpeg', quality: 80 })).toString('base64'), ms })
  timelineMs += ms
}
await video.goto(`${baseURL}/dashboard`)
await frame(1800, 'The dashboard of a new Rowcraft account.')
await video.getByRole('button', { name: UPLOAD_MESSAGES.trySample }).hover()
await frame(1200)
await openSample(video)
await frame(2500, '"Try with sample data" imports a 40-row lead list and opens it in the grid.')
const search = video.getByLabel(GRID_MESSAGES.searchLabel)
let isFirstSearchFrame = true
for (const text of ['B', 'Be', 'Ber', 'Berl', 'Berli', 'Berlin']) {
  await search.fill(text)
  await frame(180, isFirstSearchFrame ? 'Searching the rows for "Berlin", then clearing the search.' : undefined)
  isFirstSearchFrame = false
}
await video.waitForTimeout(1200)
await frame(2000)
await search.fill('')
await video.waitForTimeout(1000)
await frame(1000)

let isFirstDialogFrame = true
const aiColumn = await writeAiColumn(video, async (ms) => {
  await frame(ms, isFirstDialogFrame ? '"Enrich with AI" adds a column written as a prompt; typing @ inserts a column as {Column}.' : undefined)
  isFirstDialogFrame = false
})
await createAndRun(video, aiColumn, () => frame(2800, 'Before the run, an estimate: rows in scope, credits and whether the balance covers them.'))
// More rows in sight, and the pointer off the grid (a hovered row shows no highlight).
await video.mouse.move(760, 220)
await video.mouse.wheel(0, 300)
// The cells fill in live, each row highlighted as its answer arrives; frames at the pace they came.
let isFirstFillFrame = true
let last = Date.now()
while (!(await isAiColumnFilled(video))) {
  await video.waitForTimeout(150)
  const now = Date.now()
  await frame(now - last, isFirstFillFrame ? 'The answers fill in live; each row lights up as its cell is done.' : undefined)
  isFirstFillFrame = false
  last = now
}
await video.waitForTimeout(1200)
await frame(2000)
await openCellDetail(video, 1)
await frame(3500, 'Every answer keeps its reasoning, confidence, model, tokens and cost.')
await video.keyboard.press('Escape')
await expect(video.locator('[data-sonner-toast]')).toHaveCount(0, patient)
await video.mouse.move(760, 60)
await video.mouse.wheel(0, -600)
await fitGridColumns(video, ['Last Name', 'Email', 'Phone', 'Website', 'LinkedIn URL', 'City', 'Country', 'Employees', 'Title', 'Industry'])
await video.mouse.move(760, 60)
await video.waitForTimeout(400)
await shot(video, 'demo-poster')
await addFilter(video, MEDIA_AI_COLUMN.name, 'High')
await frame(3000, 'AI values filter, sort and search like any other column: here the high-priority leads.')
await video.getByRole('button', { name: GRID_MESSAGES.export, exact: true }).click()
await video.waitForTimeout(500)
await frame(1500, 'The export menu offers all rows, the current view or the selection as CSV, Excel or JSON.')
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
  const media = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 800_000 })
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
const timestamp = (ms: number) => new Date(ms).toISOString().slice(11, 23)
const cues = captions.map(({ startMs, text }, index) => `${timestamp(startMs)} --> ${timestamp(captions[index + 1]?.startMs ?? timelineMs)}\n${text}`)
writeFileSync(join(mediaDir, 'rowcraft-demo.vtt'), `WEBVTT\n\n${cues.join('\n\n')}\n`)

await setup.close()
await browser.close()
await fakeAi.stop()
console.log('media written to', imagesDir, 'and', mediaDir)
