import type { Page } from '@playwright/test'

/**
 * The page as it is, at 1280 and then 375 px wide, into E2E_SCREENSHOTS_DIR as `{name}-1280.png`
 * and `{name}-375.png`, when that variable is set (for looking at a page, not for asserting);
 * the viewport is 1280 x 720 again afterwards.
 */
export async function screenshotsAt1280And375(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS_DIR
  if (!dir) return
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true })
  await page.setViewportSize({ width: 375, height: 800 })
  await page.screenshot({ path: `${dir}/${name}-375.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 720 })
}
