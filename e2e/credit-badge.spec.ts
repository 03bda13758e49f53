import { expect, test, type Page } from '@playwright/test'
import { AI_COLUMN_MESSAGES, AI_FIELD_MESSAGES } from '../src/common/messages.ts'
import { creditBadge } from './support/billing.ts'
import { FAKE_AI_SLOW_MARKER } from './support/fake-ai.ts'
import { numberedCsv, openUploadedGrid } from './support/grid.ts'
import { toast } from './support/uploads.ts'

const badgeCredits = async (page: Page) => Number((await creditBadge(page).innerText()).replace(/\D/g, ''))

test("the header's credit badge falls with a run's progress, without a reload or a new read of the subscription, and rests on the ledger's balance when paused", async ({ page, baseURL }) => {
  test.setTimeout(150_000)
  const uploadId = await openUploadedGrid(page, baseURL!, numberedCsv('badge-run.csv', 300), 'badge')
  const created = await page.request.post(`/api/uploads/${uploadId}/ai-fields`, { data: { name: 'Note', prompt: `A note on {Name} ${FAKE_AI_SLOW_MARKER}` } })
  expect(created.status()).toBe(201)
  const { id: fieldId } = (await created.json()) as { id: string }
  await page.reload()
  await expect(creditBadge(page)).toHaveText('2,000 credits')

  const subscriptionReads: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/billing/subscription') subscriptionReads.push(request.url())
  })
  expect((await page.request.post(`/api/uploads/${uploadId}/ai-fields/${fieldId}/runs`, { data: { scope: 'all' } })).status()).toBe(202)
  const banner = page.getByRole('region', { name: AI_COLUMN_MESSAGES.bannerLabel('Note') })
  // Each answer takes seconds: the run is still going when it is paused.
  await expect(banner).toBeVisible()

  // The badge falls while the run is still going: the progress events carry the balance.
  await expect.poll(() => badgeCredits(page), { timeout: 20_000 }).toBeLessThan(2000)
  await expect(banner.getByRole('button', { name: AI_COLUMN_MESSAGES.pause })).toBeVisible()
  await banner.getByRole('button', { name: AI_COLUMN_MESSAGES.pause }).click()
  await expect(toast(page, AI_FIELD_MESSAGES.runPaused)).toBeVisible()
  await expect
    .poll(async () => ((await (await page.request.get(`/api/uploads/${uploadId}/ai-fields/${fieldId}`)).json()) as { counts: { running: number } }).counts.running, {
      timeout: 20_000,
    })
    .toBe(0)

  // Paused, the badge says what the ledger says: no charge of the last seconds is left out.
  const ledger = ((await (await page.request.get('/api/billing/subscription')).json()) as { current_credits: number }).current_credits
  expect(ledger).toBeLessThan(2000)
  await expect.poll(() => badgeCredits(page)).toBe(ledger)
  expect(subscriptionReads).toEqual([])

  await banner.getByRole('button', { name: AI_COLUMN_MESSAGES.cancelRun }).click()
  await expect(toast(page, AI_FIELD_MESSAGES.runCancelled)).toBeVisible()
})
