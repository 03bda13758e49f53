import { expect, test, type Locator } from '@playwright/test'
import { AUTH_MESSAGES, UPLOAD_MESSAGES } from '../src/common/messages.ts'
import { newUser, signInThroughDialog, signUp, signUpVerified } from './support/auth.ts'
import { creditBadge } from './support/billing.ts'
import { openSidebarUploadDialog, toast } from './support/uploads.ts'

const PDF = { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }

async function expectApart(toastItem: Locator, headerThing: Locator) {
  await expect(toastItem).toBeVisible()
  await expect(headerThing).toBeVisible()
  // Sonner slides a toast in: measure once it has settled.
  await expect(toastItem).toHaveAttribute('data-mounted', 'true')
  await toastItem.evaluate((toast) => Promise.all(toast.getAnimations().map((animation) => animation.finished)))
  const a = (await toastItem.boundingBox())!
  const b = (await headerThing.boundingBox())!
  const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
  expect(overlaps, `toast ${JSON.stringify(a)} over ${JSON.stringify(b)}`).toBe(false)
}

test('toasts stay clear of the header: Get started and the credit badge, wide and narrow', async ({ page }) => {
  test.setTimeout(120_000)
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/')
    await page.getByTestId('landing-file-input').setInputFiles(PDF)
    // The whole site header: 'Get started' on a wide screen, its menu button on a phone.
    await expectApart(toast(page, UPLOAD_MESSAGES.landingInvalidTitle), page.getByRole('banner'))
  }

  await page.setViewportSize({ width: 1280, height: 800 })
  await signUpVerified(page, newUser('toasts'))
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 })
    // On a phone the sidebar is a sheet behind the top bar's toggle.
    if (width < 768) await page.getByRole('main').getByRole('button', { name: 'Toggle Sidebar' }).first().click()
    const dialog = await openSidebarUploadDialog(page)
    await dialog.getByTestId('upload-file-input').setInputFiles(PDF)
    await expectApart(toast(page, UPLOAD_MESSAGES.invalidTypeTitle).first(), creditBadge(page))
    // The dialog's status line says it too, naming every accepted type.
    await expect(dialog.getByRole('status')).toContainText(UPLOAD_MESSAGES.wrongTypeDetail('notes.pdf'))
    await dialog.getByRole('button', { name: 'Cancel' }).click()
  }
})

test('sign-in says a wrong password in the form, and that a new mail went to an unverified account', async ({ page }) => {
  const user = newUser('signin')
  await signUp(page, user)
  await page.goto('/?mode=signin')
  const dialog = page.getByRole('dialog', { name: 'Welcome back' })

  await signInThroughDialog(page, user)
  const notice = dialog.getByRole('alert')
  await expect(notice).toContainText(AUTH_MESSAGES.emailNotVerifiedTitle)
  await expect(notice).toContainText(AUTH_MESSAGES.emailNotVerifiedBody(user.email))

  await signInThroughDialog(page, { email: user.email, password: 'Wrong-password1!' })
  await expect(dialog.getByText(AUTH_MESSAGES.wrongPassword)).toBeVisible()
  await expect(dialog.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByRole('alert')).toHaveCount(0)
})
