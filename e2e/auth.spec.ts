import { expect, test } from '@playwright/test'
import { linkFromOutbox, newUser, signInThroughDialog, signOut, signUpVerified } from './support/auth.ts'
import { startFreeTrial } from './support/billing.ts'

test('a new user signs up, verifies the e-mail, signs in and reaches the dashboard shell', async ({ page }) => {
  const user = newUser()
  await page.goto('/')
  await page.getByRole('banner').getByRole('link', { name: 'Get started' }).or(
    page.getByRole('banner').getByRole('button', { name: 'Get started' }),
  ).first().click()
  const dialog = page.getByRole('dialog', { name: 'Create your account' })
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(/mode=signup/)

  await dialog.getByLabel('First name').fill(user.firstName)
  await dialog.getByLabel('Last name').fill(user.lastName)
  await dialog.getByLabel('Email').fill(user.email)
  await dialog.getByLabel('Password').fill('weak')
  await expect(dialog.getByText('Weak')).toBeVisible()
  await dialog.getByLabel('Password').fill('weakpassword1')
  await expect(dialog.getByText('Medium')).toBeVisible()
  await dialog.getByLabel('Password').fill(user.password)
  await expect(dialog.getByText('Strong')).toBeVisible()
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Please check your inbox')).toBeVisible()
  await expect(dialog).toBeHidden()

  // Signing in before confirming the e-mail is refused with the server's message.
  await page.goto('/?mode=signin')
  await signInThroughDialog(page, user)
  await expect(page.getByText(/verif/i).first()).toBeVisible()

  await page.goto(await linkFromOutbox(user.email, '/api/auth/verify-email'))
  await expect(page).toHaveURL(/\/payment-setup$/)
  await startFreeTrial(page)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: /Welcome, Ada/ })).toBeVisible()
  await signOut(page)

  await page.goto('/?mode=signin')
  await signInThroughDialog(page, user)
  await expect(page.getByText('Welcome back!')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard$/)
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === 'better-auth.session_token')?.httpOnly).toBe(true)
  const method = cookies.find((c) => c.name === 'auth_login_method')
  expect(method?.sameSite).toBe('Lax')
  expect(JSON.parse(decodeURIComponent(method!.value))).toMatchObject({ method: 'email' })
})

test('the sidebar toggles with Ctrl+B and remembers its state', async ({ page }) => {
  await signUpVerified(page, newUser('sidebar'))
  const sidebar = page.locator('[data-slot="sidebar"][data-state]')
  await expect(sidebar).toHaveAttribute('data-state', 'expanded')
  await page.keyboard.press('Control+b')
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
  const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state')
  expect(cookie?.value).toBe('false')
  await page.reload()
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
  await page.keyboard.press('Control+b')
  await expect(sidebar).toHaveAttribute('data-state', 'expanded')

  // Navigation works through the placeholder pages.
  await page.getByRole('link', { name: 'File Storage' }).click()
  await expect(page).toHaveURL(/\/dashboard\/files$/)
  await expect(page.getByRole('heading', { name: 'File Storage' }).first()).toBeVisible()
})

test('a signed-out visit to a protected page comes back to it after sign-in', async ({ page }) => {
  const user = newUser('redirect')
  await signUpVerified(page, user)
  await signOut(page)

  await page.goto('/dashboard/files?sort=name')
  await expect(page).toHaveURL(/\/\?auth=required$/)
  expect(await page.evaluate(() => localStorage.getItem('authRedirect'))).toBe('/dashboard/files?sort=name')
  await signInThroughDialog(page, user)
  await expect(page).toHaveURL(/\/dashboard\/files\?sort=name$/)
  expect(await page.evaluate(() => localStorage.getItem('authRedirect'))).toBeNull()

  await signOut(page)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/\?auth=required$/)
})

test('closing the dialog removes mode and auth from the URL', async ({ page }) => {
  await page.goto('/?auth=required')
  await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/localhost:\d+\/$/)
})

test('too many failed sign-ins are refused with the rate-limit message', async ({ page }) => {
  const user = newUser('limit')
  await signUpVerified(page, user)
  await signOut(page)
  await page.goto('/?mode=signin')
  for (let i = 0; i < 5; i += 1) {
    await signInThroughDialog(page, { email: user.email, password: 'Wrong-password1!' })
    await expect(page.getByText('Invalid email or password').last()).toBeVisible()
  }
  await signInThroughDialog(page, user)
  await expect(page.getByText('Rate limit exceeded')).toBeVisible()
  await expect(page.getByText('Too many attempts. Please try again in 15 minute(s).')).toBeVisible()
})

test('a forgotten password is reset through the mailed link', async ({ page }) => {
  const user = newUser('reset')
  await signUpVerified(page, user)
  await signOut(page)

  await page.goto('/?mode=signin')
  await page.getByRole('dialog').getByRole('button', { name: 'Forgot password?' }).or(
    page.getByRole('dialog').getByRole('link', { name: 'Forgot password?' }),
  ).first().click()
  const dialog = page.getByRole('dialog', { name: 'Reset your password' })
  await dialog.getByLabel('Email').fill(user.email)
  await dialog.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('Password reset email sent!')).toBeVisible()

  await page.goto(await linkFromOutbox(user.email, '/api/auth/reset-password/'))
  await expect(page).toHaveURL(/\/reset-password\?token=/)
  const newPassword = 'Another-Secret8&'
  await page.getByLabel('New password').fill(newPassword)
  await page.getByLabel(/Confirm/).fill(newPassword)
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible()
  await signInThroughDialog(page, { email: user.email, password: newPassword })
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('an unknown page shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(/localhost:\d+\/$/)
})
