import { expect, test, type Page } from '@playwright/test'
import { DATE_ORDER_MESSAGES, GRID_MESSAGES } from '../src/common/messages.ts'
import { columnHeader, expectColumnValues, openUploadedGrid } from './support/grid.ts'
import { csvFile } from './support/uploads.ts'

/** Issue 30, item 1: a day-first date column, as the Columns menu tells it and switches it. */

const shots = process.env.E2E_SCREENSHOTS_DIR
const SIGNUPS = ['12/01/2025', '09/02/2025', '25/12/2024', '03/01/2025', '01/12/2024']

async function openColumnsMenu(page: Page) {
  await page.getByRole('button', { name: GRID_MESSAGES.columns, exact: true }).click()
  const menu = page.getByRole('dialog', { name: GRID_MESSAGES.columnsMenuLabel })
  await expect(menu).toBeVisible()
  return menu
}

test('a day-first date column says so in the Columns menu, sorts by it, and follows a switch', async ({ page, baseURL }) => {
  // Five steps through the server, each waited for: room for a machine busy with other work.
  test.setTimeout(180_000)
  await openUploadedGrid(
    page,
    baseURL!,
    csvFile('signups.csv', ['Name,Signed up', ...SIGNUPS.map((date, i) => `Lead ${i + 1},${date}`)]),
    'dates',
  )

  // Newest first, read day first: 9 February 2025 before 12 January 2025.
  await columnHeader(page, 'Signed up').getByRole('button').click()
  await columnHeader(page, 'Signed up').getByRole('button').click()
  await expect(columnHeader(page, 'Signed up')).toHaveAttribute('aria-sort', 'descending')
  await expectColumnValues(page, 'Signed up', ['09/02/2025', '12/01/2025', '03/01/2025', '25/12/2024', '01/12/2024'])

  const menu = await openColumnsMenu(page)
  await expect(menu.getByText(DATE_ORDER_MESSAGES.readAs.dmy)).toBeVisible()
  await expect(menu.getByText(DATE_ORDER_MESSAGES.basis.values)).toBeVisible()
  if (shots) {
    for (const [width, height] of [
      [1280, 800],
      [375, 740],
    ] as const) {
      await page.setViewportSize({ width, height })
      await expect(menu.getByText(DATE_ORDER_MESSAGES.readAs.dmy)).toBeInViewport()
      await page.screenshot({ path: `${shots}/dates-column-menu-${width}.png` })
    }
    await page.setViewportSize({ width: 1280, height: 800 })
  }

  // Read month first instead: 12/01/2025 is 1 December 2025, the newest.
  await menu.getByRole('button', { name: new RegExp(`^${DATE_ORDER_MESSAGES.switchTo.mdy}`) }).click()
  // 25/12/2024 cannot be month first: the server's count is shown, and nothing changes until the user agrees (issue 44).
  await expect(menu.getByRole('alert')).toContainText(DATE_ORDER_MESSAGES.misfits(1, 5, 'mdy', '25/12/2024'))
  await expect(menu.getByText(DATE_ORDER_MESSAGES.readAs.dmy)).toBeVisible()
  await menu.getByRole('button', { name: DATE_ORDER_MESSAGES.switchAnyway }).click()
  await expect(menu.getByText(DATE_ORDER_MESSAGES.readAs.mdy)).toBeVisible()
  await expect(menu.getByText(DATE_ORDER_MESSAGES.basis.user)).toBeVisible()
  await page.keyboard.press('Escape')
  await expectColumnValues(page, 'Signed up', ['12/01/2025', '09/02/2025', '03/01/2025', '25/12/2024', '01/12/2024'])
})
