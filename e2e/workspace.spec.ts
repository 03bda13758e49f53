import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { FOLDER_MESSAGES, PROFILE_MESSAGES } from '../src/common/messages.ts'
import { newUser, signInThroughDialog, signUpVerified } from './support/auth.ts'
import { held } from './support/held.ts'
import { leadsCsv, postUpload } from './support/uploads.ts'

const shots = process.env.E2E_SCREENSHOTS

test('folders: create, drag a file in, move it back, rename, and delete with an optimistic card', async ({ page, baseURL }) => {
  await signUpVerified(page, newUser('files'))
  expect((await postUpload(page, baseURL!, leadsCsv('first-leads.csv'))).status()).toBe(201)
  expect((await postUpload(page, baseURL!, leadsCsv('second-leads.csv'))).status()).toBe(201)

  await page.goto('/dashboard')
  await expect(page.getByTestId('stat-Files processed')).toHaveText('2')
  await expect(page.getByTestId('stat-Rows enriched')).toHaveText('0')
  await expect(page.getByTestId('stat-Exports created')).toHaveText('0')
  if (shots) await page.screenshot({ path: `${shots}/dashboard-${page.viewportSize()?.width}.png`, fullPage: true })

  await page.goto('/dashboard/files')
  await page.getByRole('button', { name: FOLDER_MESSAGES.createFolder }).click()
  const create = page.getByRole('dialog', { name: FOLDER_MESSAGES.createFolderTitle })
  await expect(create.getByRole('button', { name: FOLDER_MESSAGES.createFolder })).toBeDisabled()
  await create.getByLabel(FOLDER_MESSAGES.folderNameLabel).fill('Hot prospects')
  await create.getByLabel(FOLDER_MESSAGES.folderNameLabel).press('Enter')
  await expect(page.getByText(FOLDER_MESSAGES.folderCreated)).toBeVisible()
  const folder = page.getByTestId('folder-card').filter({ hasText: 'Hot prospects' })
  await expect(folder).toContainText('0 files')

  const first = page.getByTestId('file-card').filter({ hasText: 'first-leads.csv' })
  await first.dragTo(folder)
  await expect(page.getByText(FOLDER_MESSAGES.moved)).toBeVisible()
  await expect(folder).toContainText('1 file')
  await expect(first).toContainText('Hot prospects')
  if (shots) await page.screenshot({ path: `${shots}/files-${page.viewportSize()?.width}.png`, fullPage: true })

  // The keyboard way: the card's menu, then 'Move to Folder'.
  await first.getByRole('button', { name: 'Actions for first-leads.csv' }).click()
  await page.getByRole('menuitem', { name: FOLDER_MESSAGES.moveToFolder }).click()
  const move = page.getByRole('dialog', { name: FOLDER_MESSAGES.moveFileTitle })
  await move.getByRole('combobox').click()
  await page.getByRole('option', { name: FOLDER_MESSAGES.rootFolder }).click()
  await move.getByRole('button', { name: FOLDER_MESSAGES.moveFileSubmit }).click()
  await expect(folder).toContainText('0 files')
  await expect(first).not.toContainText('Hot prospects')

  await first.getByRole('button', { name: 'Actions for first-leads.csv' }).click()
  await page.getByRole('menuitem', { name: FOLDER_MESSAGES.rename }).click()
  const rename = page.getByRole('dialog', { name: FOLDER_MESSAGES.renameFileTitle })
  await expect(rename.getByRole('button', { name: FOLDER_MESSAGES.renameFileSubmit })).toBeDisabled()
  await rename.getByRole('textbox').fill('renamed-leads.csv')
  await rename.getByRole('textbox').press('Enter')
  await expect(page.getByText(FOLDER_MESSAGES.renamed)).toBeVisible()
  const renamed = page.getByTestId('file-card').filter({ hasText: 'renamed-leads.csv' })
  await expect(renamed).toBeVisible()

  // The server refuses once: the card leaves at once and comes back with the spec's toast.
  // The refusal is held until the card is seen gone, then let through.
  let refused = false
  const refusal = held()
  await page.route('**/api/uploads/*', async (route) => {
    if (route.request().method() !== 'DELETE' || refused) return route.fallback()
    refused = true
    await refusal.released
    await route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } })
  })
  await renamed.getByRole('button', { name: 'Actions for renamed-leads.csv' }).click()
  await page.getByRole('menuitem', { name: FOLDER_MESSAGES.delete }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: FOLDER_MESSAGES.delete }).click()
  await expect(renamed).toHaveCount(0)
  refusal.release()
  await expect(page.getByText(FOLDER_MESSAGES.deleteFailed)).toBeVisible()
  await expect(renamed).toBeVisible()

  await renamed.getByRole('button', { name: 'Actions for renamed-leads.csv' }).click()
  await page.getByRole('menuitem', { name: FOLDER_MESSAGES.delete }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: FOLDER_MESSAGES.delete }).click()
  await expect(page.getByText(FOLDER_MESSAGES.deleted('renamed-leads.csv'))).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('file-card')).toHaveCount(1)

  await page.getByLabel(FOLDER_MESSAGES.searchPlaceholder).fill('nothing-like-this')
  await expect(page.getByText(FOLDER_MESSAGES.noResults).first()).toBeVisible()
})

test('profile: avatar upload, then a password change and a sign-in with the new password', async ({ page }) => {
  const user = newUser('profile')
  await signUpVerified(page, user)
  await page.goto('/dashboard/profile')
  await expect(page.getByText(PROFILE_MESSAGES.emailNote)).toBeVisible()

  const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#3366cc' } }).png().toBuffer()
  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
  await expect(page.getByText(PROFILE_MESSAGES.avatarUpdated)).toBeVisible()
  await expect(page.getByTestId('profile-avatar')).toBeVisible()
  await page.getByTestId('avatar-input').setInputFiles({ name: 'leads.png', mimeType: 'image/png', buffer: Buffer.from('Name,Company\n') })
  await expect(page.getByText(PROFILE_MESSAGES.avatarInvalidType)).toBeVisible()
  if (shots) await page.screenshot({ path: `${shots}/profile-${page.viewportSize()?.width}.png`, fullPage: true })

  await page.getByLabel(PROFILE_MESSAGES.currentPassword).fill('wrong-password')
  await page.getByLabel(PROFILE_MESSAGES.newPassword, { exact: true }).fill('Brand-New-Pass7!')
  await page.getByLabel(PROFILE_MESSAGES.confirmPassword).fill('Brand-New-Pass7!')
  await page.getByRole('button', { name: PROFILE_MESSAGES.changePassword }).click()
  await expect(page.getByRole('alert').filter({ hasText: PROFILE_MESSAGES.currentPasswordWrong })).toBeVisible()

  await page.getByLabel(PROFILE_MESSAGES.currentPassword).fill(user.password)
  await page.getByRole('button', { name: PROFILE_MESSAGES.changePassword }).click()
  await expect(page.getByText(PROFILE_MESSAGES.passwordUpdated)).toBeVisible()

  await page.context().clearCookies()
  await page.goto('/dashboard')
  await signInThroughDialog(page, { email: user.email, password: 'Brand-New-Pass7!' })
  await expect(page).toHaveURL(/\/dashboard/)
})

test('long file names: cut with an ellipsis and the full name in the title at 1280 px; nothing wider than the screen at 375 px', async ({ page, baseURL }) => {
  await signUpVerified(page, newUser('long-names'))
  const long = 'Q4-enterprise-accounts-north-america-emea-apac-verified-contacts-final-v12-with-notes.csv'
  expect((await postUpload(page, baseURL!, leadsCsv(long))).status()).toBe(201)

  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/dashboard/files')
  const name = page.getByTestId('file-card').getByRole('link', { name: long })
  await expect(name).toHaveAttribute('title', long)
  const cut = await name.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, overflow: getComputedStyle(el).textOverflow }))
  expect(cut.scroll).toBeGreaterThan(cut.client)
  expect(cut.overflow).toBe('ellipsis')

  await page.setViewportSize({ width: 375, height: 800 })
  for (const path of ['/dashboard/files', '/dashboard', '/dashboard/profile']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    if (path !== '/dashboard/profile') await expect(page.getByText(long).first()).toBeAttached()
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375)
  }
})
