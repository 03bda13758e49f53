import { expect, test, type Page } from '@playwright/test'
import { SUBSCRIPTION_TIMINGS } from '../src/common/constants.ts'
import { SUBSCRIPTION_PAGE_MESSAGES } from '../src/common/messages.ts'
import { newUser, signUpVerified, signUpVerifiedWithoutTrial } from './support/auth.ts'
import { creditBadge, paymentModal } from './support/billing.ts'
import { held } from './support/held.ts'
import { toast } from './support/uploads.ts'

const DAY_MS = 86_400_000

function consume(page: Page, baseURL: string, key: string, operation: string, credits: number) {
  return page.request.post('/api/billing/credits/consume', {
    headers: { origin: baseURL },
    data: { operation_type: operation, credits_needed: credits, idempotency_key: key },
  })
}

test('a new user sets up payment: the modal, Start Free Trial, then the dashboard with 2,000 credits', async ({ page }) => {
  await signUpVerifiedWithoutTrial(page, newUser('trial'))
  const modal = paymentModal(page)
  await expect(modal).toBeVisible()
  await expect(modal.getByText('Start your 14-day free trial')).toBeVisible()
  await expect(modal.getByText('Pro Plan - $29/month')).toBeVisible()
  for (const benefit of ['Unlimited AI-powered features', 'Premium data processing', 'Priority support']) {
    await expect(modal.getByText(benefit)).toBeVisible()
  }
  // The local billing provider asks for no card, and the notice says so (issue 44); Stripe's says 'Payment Setup Required'.
  await expect(modal.getByText('No card required')).toBeVisible()
  await expect(modal.getByText('Payment Setup Required')).toHaveCount(0)
  await expect(modal.getByRole('button', { name: 'Sign Out & Exit' })).toBeVisible()

  // Neither Escape nor a click outside dismisses it.
  await page.keyboard.press('Escape')
  await page.mouse.click(5, 5)
  await expect(modal).toBeVisible()
  expect(await page.request.get('/api/billing/payment-setup').then((r) => r.json())).toEqual({
    payment_setup_started: true,
    payment_setup_completed: false,
  })

  const start = modal.getByRole('button', { name: 'Start Free Trial' })
  await start.click()
  await expect(toast(page, 'Trial access verified!')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(modal).toBeHidden()
  await expect(creditBadge(page)).toHaveText('2,000 credits')
  expect(await page.request.get('/api/billing/payment-setup').then((r) => r.json())).toEqual({
    payment_setup_started: false,
    payment_setup_completed: true,
  })

  // Signing in again passes through /payment-setup straight to the dashboard.
  await page.goto('/payment-setup')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('Sign Out & Exit leaves the app from the payment modal', async ({ page }) => {
  await signUpVerifiedWithoutTrial(page, newUser('exit'))
  await paymentModal(page).getByRole('button', { name: 'Sign Out & Exit' }).click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/auth=required/)
})

test('a user without a trial is blocked on every protected page, and a bypass parameter or flag grants nothing', async ({ page }) => {
  await signUpVerifiedWithoutTrial(page, newUser('bypass'))
  const reports: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/security/events')) reports.push(request.postDataJSON().event_type)
  })
  await page.evaluate(() => localStorage.setItem('payment_bypass', 'true'))
  await page.goto('/dashboard/files?bypass=true&admin=1')
  await expect(paymentModal(page)).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/files$/)
  expect(await page.evaluate(() => localStorage.getItem('payment_bypass'))).toBeNull()
  await expect.poll(() => reports).toContain('payment_bypass_attempt')
  await expect(page.getByRole('heading', { name: 'File Storage' })).toHaveCount(0)
  // Not having started the trial yet is the next step of signing up, not a blocked attempt.
  expect(reports).not.toContain('payment_gate_blocked')
})

test('an expired trial is blocked with the Trial Expired banner', async ({ page }) => {
  await signUpVerified(page, newUser('expired'))
  await expect(creditBadge(page)).toBeVisible()
  // Fifteen days later by the browser's clock: the 14-day trial has ended.
  await page.clock.install({ time: new Date(Date.now() + 15 * DAY_MS) })
  const reports: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/security/events')) reports.push(request.postDataJSON().event_type)
  })
  await page.goto('/dashboard')
  const modal = paymentModal(page)
  await expect(modal).toBeVisible()
  const banner = modal.getByRole('alert')
  await expect(banner).toContainText('Trial Expired')
  await expect(banner).toContainText('Your free trial has ended. Subscribe to continue using all features.')
  await expect(banner.getByRole('button', { name: 'Subscribe Now' })).toBeVisible()
  await expect(page.getByRole('heading', { name: /Welcome, Ada/ })).toHaveCount(0)
  await expect.poll(() => reports).toContain('payment_gate_blocked')
})

test('a failed payment shows the Payment Failed banner with the hours left, rounded up', async ({ page }) => {
  await signUpVerified(page, newUser('grace'))
  const graceEnd = new Date(Date.now() + 4.5 * 3_600_000).toISOString()
  await page.route('**/api/billing/subscription', async (route) => {
    const response = await route.fetch()
    const status = await response.json()
    await route.fulfill({ response, json: { ...status, is_in_grace_period: true, grace_period_ends_at: graceEnd, payment_method_valid: false } })
  })
  await page.reload()
  const banner = page.getByRole('alert').filter({ hasText: 'Payment Failed' })
  await expect(banner).toContainText('You have 5 hours remaining to update your payment method before access is restricted')
  await expect(banner.getByRole('button', { name: 'Update Payment' })).toBeVisible()
})

test('a slow status check shows the fallback message, and the fallback validation lets the user in', async ({ page }) => {
  await signUpVerified(page, newUser('slow'))
  // The status check does not answer; the validation answers once the message has been seen.
  const status = held()
  const validation = held()
  await page.route('**/api/billing/subscription', async (route) => {
    await status.released
    await route.continue().catch(() => {})
  })
  await page.route('**/api/billing/access/validate', async (route) => {
    await validation.released
    await route.continue().catch(() => {})
  })
  // The page's clock, so the fallback's wait passes without the test sleeping through it.
  await page.clock.install()
  await page.reload()
  await expect(page.getByText('Loading...')).toBeVisible()
  await page.clock.fastForward(SUBSCRIPTION_TIMINGS.loadingFallbackMs)
  await expect(page.getByText('This is taking longer than expected...')).toBeVisible()
  validation.release()
  await expect(page.getByRole('heading', { name: /Welcome, Ada/ })).toBeVisible()
  status.release()
})

test('the subscription page shows the plan, credits, the usage chart, history and tips', async ({ page, baseURL }) => {
  await signUpVerified(page, newUser('plan'))
  expect((await consume(page, baseURL!, 'e2e-chat-1', 'chat_query', 8)).status()).toBe(200)
  expect((await consume(page, baseURL!, 'e2e-cell-1', 'ai_enrichment_basic', 3)).status()).toBe(200)
  // The same key again is not charged twice.
  expect((await consume(page, baseURL!, 'e2e-cell-1', 'ai_enrichment_basic', 3)).status()).toBe(200)

  const billingReads: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (request.method() === 'GET' && path.startsWith('/api/billing/')) billingReads.push(path)
  })
  await page.getByRole('link', { name: 'Subscription' }).first().click()
  await expect(page).toHaveURL(/\/dashboard\/subscription$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription & Billing' })).toBeVisible()
  await expect(page.getByTestId('tier-badge')).toHaveText('Trial')
  await expect(page.getByTestId('tier-badge')).toHaveAttribute('data-tier-color', 'blue')
  await expect(page.getByTestId('credits-remaining')).toHaveText('1,989')
  await expect(page.getByText('11 of 2,000 credits used (1%)')).toBeVisible()
  await expect(creditBadge(page)).toHaveText('1,989 credits')

  const chart = page.getByRole('img', { name: /Credits used per day, last 30 days: 11 in total/ })
  await expect(chart).toBeVisible()
  await expect(chart.locator('rect[data-credits="11"]')).toHaveCount(1)

  const history = page.getByRole('table', { name: 'Usage History' })
  await expect(history.getByRole('row')).toHaveCount(4)
  // Opening the page reads each billing endpoint once, fresh.
  expect(billingReads.length).toBeGreaterThan(0)
  expect(billingReads.filter((path, i) => billingReads.indexOf(path) !== i)).toEqual([])
  await expect(history.getByRole('row').nth(1)).toContainText('AI enrichment')
  await expect(history.getByRole('row').nth(3)).toContainText('Free trial credits')
  await expect(page.getByText('No billing history yet')).toBeVisible()
  await expect(page.getByText('Usage Tips')).toBeVisible()

  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(toast(page, 'Subscription Refreshed')).toBeVisible()

  const [portal] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Manage billing' }).click()])
  await expect(portal).toHaveURL(/\/dashboard\/subscription\/portal$/)
  // Local billing: the page speaks to the user (plan, credits, where to ask), not to the operator.
  await expect(portal.getByRole('heading', { name: 'Manage billing' })).toBeVisible()
  await expect(portal.getByText(SUBSCRIPTION_PAGE_MESSAGES.portalNoCardBody)).toBeVisible()
  await expect(portal.getByText(/^Free trial, ends /)).toBeVisible()
  await expect(portal.getByRole('link', { name: SUBSCRIPTION_PAGE_MESSAGES.portalContact })).toHaveAttribute('href', '/contact')
  await expect(portal.locator('body')).not.toContainText(/STRIPE_|operator/)
})

test('a failed status check asks to try again instead of offering a trial, and the retry lets the user in', async ({ page }) => {
  await signUpVerified(page, newUser('checkfail'))
  await page.route('**/api/billing/subscription', (route) => route.fulfill({ status: 503, json: { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } }))
  await page.reload()
  const alert = page.getByRole('alert').filter({ hasText: "We couldn't check your subscription" })
  await expect(alert).toContainText('Check your connection and try again')
  await expect(paymentModal(page)).toHaveCount(0)

  await page.unroute('**/api/billing/subscription')
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect(alert).toBeHidden()
  await expect(creditBadge(page)).toContainText('2,000')
})
