import { expect, test, type Page } from '@playwright/test'
import { AUTH_MESSAGES, GRID_MESSAGES, PROFILE_MESSAGES } from '../src/common/messages.ts'
import { totpCode, wrongTotpCode } from '../src/server/test/totp.ts'
import { newUser, signInThroughDialog, signOut, signUpVerified } from './support/auth.ts'
import { expectUploadDetailUrl, leadsCsv, openSidebarUploadDialog, postUpload, rowsTable } from './support/uploads.ts'

const shots = process.env.E2E_SCREENSHOTS

/** The code step of the sign-in dialog. */
function codeField(page: Page) {
  return page.getByRole('dialog', { name: 'Welcome back' }).getByLabel(PROFILE_MESSAGES.twoFactorCodeLabel)
}

test('two-factor: set up with the QR code and key, sign out, and sign in with a code from the app', async ({ page }) => {
  const user = newUser('totp')
  await signUpVerified(page, user)
  await page.goto('/dashboard/profile')
  await expect(page.getByTestId('two-factor-status')).toHaveText(PROFILE_MESSAGES.twoFactorOff)
  await page.getByRole('button', { name: PROFILE_MESSAGES.twoFactorTurnOn }).click()

  const setup = page.getByRole('dialog', { name: PROFILE_MESSAGES.twoFactorSetUpTitle })
  await setup.getByLabel('Password').fill('not-my-password')
  await setup.getByRole('button', { name: 'Continue' }).click()
  await expect(setup.getByRole('alert')).toHaveText(PROFILE_MESSAGES.passwordWrong)
  await setup.getByLabel('Password').fill(user.password)
  await setup.getByRole('button', { name: 'Continue' }).click()

  await expect(setup.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const key = (await setup.getByTestId('totp-manual-key').innerText()).trim()
  expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/)
  if (shots) await page.screenshot({ path: `${shots}/totp-setup-${page.viewportSize()?.width}.png` })
  await setup.getByLabel(PROFILE_MESSAGES.twoFactorCodeLabel).fill(await wrongTotpCode(key))
  await setup.getByRole('button', { name: PROFILE_MESSAGES.twoFactorVerifyAndTurnOn }).click()
  await expect(setup.getByRole('alert')).toHaveText(PROFILE_MESSAGES.twoFactorInvalidCode)
  await setup.getByLabel(PROFILE_MESSAGES.twoFactorCodeLabel).fill(await totpCode(key))
  await setup.getByRole('button', { name: PROFILE_MESSAGES.twoFactorVerifyAndTurnOn }).click()

  const codes = page.getByRole('dialog', { name: PROFILE_MESSAGES.twoFactorBackupTitle })
  await expect(codes.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10)
  const downloading = page.waitForEvent('download')
  await codes.getByRole('button', { name: PROFILE_MESSAGES.twoFactorDownloadCodes }).click()
  expect((await downloading).suggestedFilename()).toBe('rowcraft-backup-codes.txt')
  await codes.getByRole('button', { name: PROFILE_MESSAGES.twoFactorDone }).click()
  await expect(page.getByTestId('two-factor-status')).toHaveText(PROFILE_MESSAGES.twoFactorOn)

  await signOut(page)
  await page.goto('/dashboard')
  await signInThroughDialog(page, user)
  await expect(codeField(page)).toBeVisible()
  // Only the code step is shown: no way off to sign-up from here, only back to the password.
  await expect(page.getByRole('button', { name: "Don't have an account? Sign up" })).toBeHidden()
  await expect(page.getByRole('button', { name: PROFILE_MESSAGES.twoFactorBackToSignIn })).toBeVisible()
  await codeField(page).fill(await wrongTotpCode(key))
  await page.getByRole('button', { name: PROFILE_MESSAGES.twoFactorVerifySignIn }).click()
  await expect(page.getByRole('dialog', { name: 'Welcome back' }).getByRole('alert')).toHaveText(PROFILE_MESSAGES.twoFactorInvalidCode)
  if (shots) await page.screenshot({ path: `${shots}/totp-signin-${page.viewportSize()?.width}.png` })
  await codeField(page).fill(await totpCode(key))
  await page.getByRole('button', { name: PROFILE_MESSAGES.twoFactorVerifySignIn }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText(AUTH_MESSAGES.welcomeBackTitle)).toBeVisible()
})

test('delete account: a wrong password is refused, the right one deletes it and lands on the landing page', async ({ page, baseURL }) => {
  const user = newUser('delete')
  await signUpVerified(page, user)
  expect((await postUpload(page, baseURL!, leadsCsv('doomed.csv'))).status()).toBe(201)
  await page.goto('/dashboard/profile')
  if (shots) await page.screenshot({ path: `${shots}/profile-danger-${page.viewportSize()?.width}.png`, fullPage: true })
  await page.getByRole('button', { name: PROFILE_MESSAGES.deleteAccount }).click()

  const dialog = page.getByRole('dialog', { name: PROFILE_MESSAGES.deleteAccount })
  await expect(dialog.getByText(PROFILE_MESSAGES.deleteAccountBody)).toBeVisible()
  await dialog.getByLabel(PROFILE_MESSAGES.deleteAccountConfirmPassword).fill('not-my-password')
  await dialog.getByRole('button', { name: PROFILE_MESSAGES.deleteAccount }).click()
  await expect(dialog.getByRole('alert')).toHaveText(PROFILE_MESSAGES.deleteAccountMismatch)

  await dialog.getByLabel(PROFILE_MESSAGES.deleteAccountConfirmPassword).fill(user.password)
  await dialog.getByRole('button', { name: PROFILE_MESSAGES.deleteAccount }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText(PROFILE_MESSAGES.accountDeleted)).toBeVisible()

  // Nothing is left to sign in to.
  expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull()
  await page.goto('/dashboard')
  await signInThroughDialog(page, user)
  await expect(page.getByText(AUTH_MESSAGES.wrongPassword)).toBeVisible()
})

test('dashboard counters: an import through the dialog and an export count on the home dashboard', async ({ page }) => {
  await signUpVerified(page, newUser('counters'))
  await expect(page.getByTestId('stat-Files processed')).toHaveText('0')
  await expect(page.getByTestId('stat-Exports created')).toHaveText('0')

  const dialog = await openSidebarUploadDialog(page)
  await dialog.getByTestId('upload-file-input').setInputFiles(leadsCsv('counted.csv'))
  await expectUploadDetailUrl(page)
  await expect(rowsTable(page)).toBeVisible({ timeout: 30_000 })

  await page.getByRole('button', { name: GRID_MESSAGES.export, exact: true }).click()
  await page.getByRole('menuitem', { name: GRID_MESSAGES.exportAll }).click()
  const downloading = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: GRID_MESSAGES.exportFormats.csv, exact: true }).click()
  await downloading

  await page.goto('/dashboard')
  await expect(page.getByTestId('stat-Files processed')).toHaveText('1')
  await expect(page.getByTestId('stat-Exports created')).toHaveText('1')
  await expect(page.getByTestId('stat-Rows enriched')).toHaveText('0')
})
