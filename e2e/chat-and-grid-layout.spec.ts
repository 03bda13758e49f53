import { expect, test, type Page } from '@playwright/test'
import { CHAT_MESSAGES } from '../src/common/messages.ts'
import { FAKE_CHAT_PLANS } from './support/fake-ai.ts'
import { gridLeadsCsv, openUploadedGrid } from './support/grid.ts'
import { screenshotsAt1280And375 } from './support/screenshots.ts'

// Sign-up, trial, import and several model calls: more than the default minute on a busy machine.
test.beforeEach(() => {
  test.setTimeout(180_000)
})

const WIDTHS = [1280, 375] as const
const chatSection = (page: Page) => page.getByRole('region', { name: CHAT_MESSAGES.title })

async function ask(page: Page, question: string, figure: string) {
  const input = chatSection(page).getByRole('textbox', { name: CHAT_MESSAGES.inputLabel })
  await input.fill(question)
  await input.press('Enter')
  await expect(chatSection(page).getByTestId('answer-figure')).toHaveText(figure)
}

/** How far the page runs on below the chat, its last block (the app's own padding is 24 px, and a fraction). */
async function blankBelowChat(page: Page) {
  return chatSection(page).evaluate((section) => document.documentElement.scrollHeight - (section.getBoundingClientRect().bottom + window.scrollY))
}

test('a long conversation leaves no blank page below the chat, and reads in full after a reload (issue 30 §5, §7)', async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, gridLeadsCsv(), 'chat-layout')
  await ask(page, FAKE_CHAT_PLANS.bigCompanies.question, '5')
  await ask(page, FAKE_CHAT_PLANS.acme.question, '3')
  await ask(page, FAKE_CHAT_PLANS.byCompany.question, '12')
  await ask(page, FAKE_CHAT_PLANS.acme.question, '3')
  const log = chatSection(page).getByRole('log', { name: CHAT_MESSAGES.conversationLabel })
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 720 })
    // The hidden 'You said' / 'AI said' labels stay in the log's scroll box.
    expect(await blankBelowChat(page), `${width} px`).toBeLessThanOrEqual(32)
    const escaped = await log.evaluate((box) => {
      // The log's content runs from its top, less what is scrolled away, for scrollHeight pixels.
      const start = box.getBoundingClientRect().top - box.scrollTop
      return [...box.querySelectorAll('.sr-only')].filter((label) => {
        const rect = label.getBoundingClientRect()
        return rect.top < start - 1 || rect.bottom > start + box.scrollHeight + 1
      }).length
    })
    expect(escaped, `${width} px`).toBe(0)
  }
  await page.setViewportSize({ width: 1280, height: 720 })

  // After a reload the conversation is all there: every answer with its figure, and any of them opens in the card.
  await page.reload()
  await expect(log.getByText(FAKE_CHAT_PLANS.bigCompanies.question)).toBeVisible()
  await expect(log.getByRole('button').filter({ hasText: CHAT_MESSAGES.showAnswer })).toHaveCount(3)
  await expect(log.getByText(CHAT_MESSAGES.answerShown)).toHaveCount(1)
  await log.getByRole('button', { name: CHAT_MESSAGES.showAnswerLabel(FAKE_CHAT_PLANS.bigCompanies.question) }).click()
  await expect(chatSection(page).getByTestId('answer-figure')).toHaveText('5')
  await expect(chatSection(page).getByText(FAKE_CHAT_PLANS.bigCompanies.question, { exact: true }).last()).toBeVisible()
  await screenshotsAt1280And375(page, 'chat-conversation')
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 720 })
    expect(await blankBelowChat(page), `${width} px`).toBeLessThanOrEqual(32)
  }
})

test("the grid's pinned columns pass under the sticky top bar and leave the sidebar toggle clickable (issue 30 §8)", async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, gridLeadsCsv(), 'grid-layout')
  const grid = page.getByRole('grid')
  const toggle = page.locator('[data-sidebar="trigger"]')
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 720 })
    // Scroll the page until the grid's header row sits under the top bar.
    await grid.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 20))
    const box = (await grid.boundingBox())!
    expect(box.y, `${width} px: the grid is under the top bar`).toBeLessThan(40)
    const bar = (await toggle.evaluate((button) => button.parentElement!.getBoundingClientRect().toJSON())) as DOMRect
    const hits = await page.evaluate(
      ({ bar, gridLeft }) => {
        const toggleButton = document.querySelector('[data-sidebar="trigger"]')!.getBoundingClientRect()
        const points = [
          { x: toggleButton.left + toggleButton.width / 2, y: toggleButton.top + toggleButton.height / 2 },
          { x: gridLeft + 8, y: bar.top + bar.height / 2 },
          { x: gridLeft + 8, y: bar.bottom - 2 },
        ]
        return points.map((point) => {
          const element = document.elementFromPoint(point.x, point.y)
          return { inGrid: Boolean(element?.closest('[role="grid"]')), onToggle: Boolean(element?.closest('[data-sidebar="trigger"]')) }
        })
      },
      { bar, gridLeft: box.x },
    )
    expect(hits[0], `${width} px: the sidebar toggle`).toEqual({ inGrid: false, onToggle: true })
    expect(hits.slice(1).every((hit) => !hit.inGrid), `${width} px: the top bar over the pinned columns`).toBe(true)
    if (process.env.E2E_SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS_DIR}/grid-under-top-bar-${width}.png` })
  }
  await toggle.click()
})
