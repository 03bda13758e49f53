import { expect, test, type Page } from '@playwright/test'
import { VERIFIED_CALLBACK_URL } from '../../src/web/features/auth/lib/auth-search-params.ts'
import { buildFullName } from '../../src/web/features/auth/lib/full-name.ts'
import { lastMailTo } from '../../src/server/test/outbox.ts'
import { startFreeTrial } from './billing.ts'

const dataDir = process.env.E2E_DATA_DIR ?? '.e2e-data'

export type E2eUser = { firstName: string; lastName: string; email: string; password: string }

export function newUser(prefix = 'ada'): E2eUser {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`,
    password: 'Correct-Horse9!',
  }
}

/** Waits for a mail to reach the server's outbox and returns the first link that matches. */
export async function linkFromOutbox(email: string, contains: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(() => {
      try {
        link = lastMailTo(dataDir, email).links.find((l) => l.includes(contains))
      } catch {
        link = undefined
      }
      return link
    })
    .toBeTruthy()
  return link!
}

export async function signUp(page: Page, user: E2eUser) {
  await page.goto('/?mode=signup')
  await fillSignUpDialog(page, user)
}

/** Fills and sends the open 'Create your account' dialog, wherever it was opened from. */
export async function fillSignUpDialog(page: Page, user: E2eUser) {
  const dialog = page.getByRole('dialog', { name: 'Create your account' })
  await dialog.getByLabel('First name').fill(user.firstName)
  await dialog.getByLabel('Last name').fill(user.lastName)
  await dialog.getByLabel('Email').fill(user.email)
  await dialog.getByLabel('Password').fill(user.password)
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Please check your inbox')).toBeVisible()
}

/**
 * Signs up and follows the mailed link, which signs the user in and lands on the payment setup;
 * the user starts the free trial there (local billing, no card) and reaches the dashboard.
 */
export async function signUpVerified(page: Page, user: E2eUser) {
  await signUpVerifiedWithoutTrial(page, user)
  await startFreeTrial(page)
  await expect(page).toHaveURL(/\/dashboard$/)
}

/**
 * Signs up through the request the 'Create your account' dialog sends, and follows the mailed
 * link: the user is signed in, on /payment-setup, with no trial. The dialog itself is the subject
 * of auth.spec.ts (and of uploads.spec.ts from the upload page); filling it for every journey cost
 * about 2 s a test (the landing page rendered first), 4 s on a busy CI machine.
 */
export async function signUpVerifiedWithoutTrial(page: Page, user: E2eUser) {
  const origin = new URL(test.info().project.use.baseURL!).origin
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: { name: buildFullName(user), firstName: user.firstName, lastName: user.lastName, email: user.email, password: user.password, callbackURL: VERIFIED_CALLBACK_URL },
  })
  expect(res.status(), await res.text()).toBe(200)
  await page.goto(await linkFromOutbox(user.email, '/api/auth/verify-email'))
  await expect(page).toHaveURL(/\/payment-setup$/)
}

export async function signInThroughDialog(page: Page, user: Pick<E2eUser, 'email' | 'password'>) {
  const dialog = page.getByRole('dialog', { name: 'Welcome back' })
  await dialog.getByLabel('Email').fill(user.email)
  await dialog.getByLabel('Password').fill(user.password)
  await dialog.getByRole('button', { name: 'Sign in' }).click()
}

export async function signOut(page: Page) {
  await page.getByTestId('user-menu-trigger').click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/$/)
}
