import { expect, type Locator, type Page } from '@playwright/test'

export function paymentModal(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Welcome to Pro!' })
}

/**
 * Starts the free trial from the payment modal (the local provider: no card) and waits until the
 * modal has let the user through.
 */
export async function startFreeTrial(page: Page) {
  const modal = paymentModal(page)
  await expect(modal).toBeVisible()
  await modal.getByRole('button', { name: 'Start Free Trial' }).click()
  await expect(modal).toBeHidden()
}

/** The credit count in the app shell's top bar. */
export function creditBadge(page: Page): Locator {
  return page.getByTestId('credit-badge')
}
