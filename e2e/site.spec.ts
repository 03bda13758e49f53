import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { SITE_STATS_SHOWN_FROM } from '../src/common/constants.ts'
import { BLOG_MESSAGES, CONTACT_MESSAGES, NOT_FOUND_MESSAGES } from '../src/common/messages.ts'
import { readOutbox } from '../src/server/test/outbox.ts'
import { newUser, signUpVerified } from './support/auth.ts'

const dataDir = process.env.E2E_DATA_DIR ?? '.e2e-data'

async function expectNoSeriousA11yViolations(page: Page) {
  // label-content-name-mismatch (WCAG 2.5.3) is among axe's experimental rules, off unless asked for.
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])
}

test('the landing page shows every section in order, with live stats and no invented rating', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveTitle(/Rowcraft/)
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Rowcraft/)
  const headings = page.locator('main h2')
  await expect(headings).toHaveText([
    'From a raw CSV to a list you can act on',
    'Everything a lead list needs',
    'Know your leads better, in three steps',
    'Ask your spreadsheet in plain language',
    'What Rowcraft does with your list',
    'Simple pricing',
    'Frequently asked questions',
    'Guides on lead data',
  ])
  await expect(page.getByText('Drag & drop your CSV file here')).toBeVisible()
  // Live figures of this instance, each only once it means something: no '0 Users' on a fresh install.
  const counts = (await (await page.request.get('/api/site/stats')).json()) as Record<keyof typeof SITE_STATS_SHOWN_FROM, number>
  const meaningful = (Object.keys(SITE_STATS_SHOWN_FROM) as (keyof typeof SITE_STATS_SHOWN_FROM)[]).filter((key) => counts[key] >= SITE_STATS_SHOWN_FROM[key])
  await expect(page.locator('[data-testid^="stat-"]')).toHaveCount(meaningful.length)
  await expect(page.getByRole('region', { name: 'Rowcraft in numbers' })).toHaveCount(meaningful.length > 0 ? 1 : 0)
  // No invented quotes: what the product does stands in their place, and the header's link says so.
  await expect(page.getByText(/Sample (testimonial|quote)/)).toHaveCount(0)
  await expect(page.locator('#testimonials').getByRole('listitem')).toHaveCount(3)
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'In practice' })).toBeVisible()
  await expect(page.getByText(/4\.8|247 ratings/)).toHaveCount(0)
  const shots = process.env.E2E_SCREENSHOTS_DIR
  if (shots) {
    await page.screenshot({ path: `${shots}/landing-1280.png`, fullPage: true })
    await page.setViewportSize({ width: 375, height: 740 })
    await page.screenshot({ path: `${shots}/landing-375.png`, fullPage: true })
    await page.goto('/help')
    await page.screenshot({ path: `${shots}/help-375.png`, fullPage: true })
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.screenshot({ path: `${shots}/help-1280.png`, fullPage: true })
    await page.goto('/')
  }
  const pricing = page.locator('#pricing')
  for (const text of ['$29', 'Early adopter price', 'Limited Time Offer', 'Advanced data enrichment', 'Unlimited custom fields', 'Powerful spreadsheet chat', 'Use your own API key']) {
    await expect(pricing.getByText(text, { exact: false }).first()).toBeVisible()
  }
  // The blog teaser: three articles with two tags each, and the way to the rest.
  const teaser = page.locator('section', { has: page.getByRole('heading', { name: 'Guides on lead data' }) })
  await expect(teaser.getByRole('listitem')).toHaveCount(3)
  for (const card of await teaser.getByRole('listitem').all()) await expect(card.locator('[data-slot="badge"]')).toHaveCount(2)
  await teaser.getByRole('link', { name: BLOG_MESSAGES.viewAll }).click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible()
  // The header hides its section links on the blog.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
})

test('header anchors scroll each section to 64 px plus 40 px (24 px for pricing) below the top', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const [link, id, gap] of [['Features', 'features', 40], ['In practice', 'testimonials', 40], ['Pricing', 'pricing', 24]] as const) {
    await nav.getByRole('link', { name: link }).click()
    await expect(page).toHaveURL(new RegExp(`#${id}$`))
    await expect.poll(async () => Math.round(await page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().top))).toBe(64 + gap)
  }
  // Coming back from another page lands on the section too.
  await page.goto('/blog')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click()
  await expect.poll(async () => Math.round(await page.locator('#pricing').evaluate((el) => el.getBoundingClientRect().top))).toBe(88)
})

test('the mobile drawer holds the links, Sign in and Get started at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  // The hero preview keeps its AI columns in view on a phone.
  const preview = page.getByRole('figure')
  await preview.scrollIntoViewIfNeeded()
  await expect(preview.getByRole('columnheader', { name: 'Lead score' })).toBeInViewport({ ratio: 1 })
  const previewBox = await preview.boundingBox()
  expect(previewBox!.width).toBeLessThanOrEqual(375)

  await page.getByRole('button', { name: 'Open menu' }).click()
  const drawer = page.getByRole('dialog')
  await expect(drawer.getByRole('link', { name: 'Get started' })).toBeVisible()
  await expect(drawer.getByRole('link', { name: 'Sign in' })).toBeVisible()
  await drawer.getByRole('link', { name: 'In practice' }).click()
  await expect(drawer).toBeHidden()
  await expect.poll(async () => Math.round(await page.locator('#testimonials').evaluate((el) => el.getBoundingClientRect().top))).toBe(104)

  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('dialog').getByRole('link', { name: 'Sign in' }).click()
  await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible()
})

test('the demo modal shows the loading overlay, plays the recorded demo and closes when it ends', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'See Rowcraft Demo' }).click()
  const modal = page.getByRole('dialog', { name: 'Rowcraft demo' })
  await expect(modal).toBeVisible()
  const video = modal.getByTestId('demo-video')
  await expect(video).toHaveAttribute('src', '/media/rowcraft-demo.webm')
  await expect(modal.getByText('Loading demo video...')).toBeHidden({ timeout: 1500 })
  // A real recording of the app: it has a picture, and playing it to the end closes the modal.
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.videoWidth)).toBe(1280)
  await video.evaluate((el: HTMLVideoElement) => {
    el.playbackRate = 16
    void el.play()
  })
  await expect(modal).toBeHidden({ timeout: 30_000 })
})

test('the showcase rotates every 4 s and a hovered step shows its own screenshot', async ({ page }) => {
  await page.clock.install()
  await page.goto('/')
  const image = page.getByTestId('showcase-image')
  await expect(page.getByTestId('showcase-step-import')).toHaveAttribute('aria-current', 'step')
  await expect(image).toHaveAttribute('src', '/images/product/upload-dialog.jpg')
  await page.clock.runFor(4000)
  await expect(page.getByTestId('showcase-step-explore')).toHaveAttribute('aria-current', 'step')
  await expect(image).toHaveAttribute('src', '/images/product/ai-column-dialog.jpg')
  await page.clock.runFor(4000)
  await expect(page.getByTestId('showcase-step-export')).toHaveAttribute('aria-current', 'step')
  await page.clock.runFor(4000)
  await expect(page.getByTestId('showcase-step-import')).toHaveAttribute('aria-current', 'step')

  await page.getByTestId('showcase-step-export').hover()
  await expect(image).toHaveAttribute('src', '/images/product/export-menu.jpg')
  // While hovered, the rotation holds still.
  await page.clock.runFor(8000)
  await expect(page.getByTestId('showcase-step-export')).toHaveAttribute('aria-current', 'step')
})

test('pricing opens sign-up signed out, and starts the trial signed in', async ({ page }) => {
  await page.goto('/#pricing')
  await page.locator('#pricing').getByRole('link', { name: 'Start Free Trial' }).click()
  await expect(page).toHaveURL(/\/\?auth=required&mode=signup$/)
  await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/\/$/)

  await signUpVerified(page, newUser('pricing'))
  await page.goto('/#pricing')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0)
  const checkout = page.waitForRequest((request) => request.url().endsWith('/api/billing/checkout') && request.method() === 'POST')
  await page.locator('#pricing').getByRole('button', { name: 'Start Free Trial' }).click()
  await checkout
  // The local provider starts the trial without a card page: the visitor lands in the app.
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('the blog searches, sorts, filters by tag and clears', async ({ page }) => {
  await page.goto('/blog')
  await expect(page).toHaveTitle('Blog · Rowcraft')
  await expect(page.getByText('14 article(s) found')).toBeVisible()
  await expect(page.getByTestId('featured-article')).toContainText('What lead enrichment is, and what it is not')

  await page.getByRole('button', { name: 'Title' }).click()
  await page.getByRole('button', { name: 'Descending' }).click()
  await expect(page.getByTestId('featured-article')).toHaveCount(0)
  const titles = page.getByTestId('article-card').getByRole('heading')
  await expect(titles.first()).toHaveText('Asking your table questions: how Magic Chat answers')
  await page.getByRole('button', { name: 'Ascending' }).click()
  await expect(titles.first()).toHaveText('Writing prompts for AI columns that give consistent answers')

  await page.getByLabel('Search articles').fill('crm')
  await expect(page.getByText(/^\d+ article\(s\) found$/)).not.toHaveText('14 article(s) found')
  // Relevance, best match first (the direction is still descending).
  await page.getByRole('button', { name: 'Relevance' }).click()
  await expect(titles.first()).toHaveText('Exporting enriched lists to your CRM without breaking it')

  await page.getByRole('button', { name: 'clear all' }).click()
  await page.getByRole('button', { name: /^Tags/ }).click()
  await page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: 'Privacy' }).click()
  await expect(page.getByText('1 article(s) found')).toBeVisible()
  await page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: 'CSV' }).click()
  await expect(page.getByText('0 article(s) found')).toBeVisible()
  await page.getByRole('button', { name: 'clear all' }).click()
  await expect(page.getByText('14 article(s) found')).toBeVisible()
})

test('an article shows its sections with a back link, and a missing one says so', async ({ page }) => {
  await page.goto('/blog')
  await page.getByRole('link', { name: 'Clean your CSV before you enrich it' }).click()
  await expect(page).toHaveURL(/\/blog\/clean-csv-before-enrichment$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Clean your CSV before you enrich it' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Five checks before the first AI column' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 3, name: '2. The header row is the real header' })).toBeVisible()
  await expect(page.getByText(/\d+ min read/).first()).toBeVisible()
  await expect(page).toHaveTitle('Clean your CSV before you enrich it · Rowcraft')
  await page.getByRole('link', { name: 'Back to Blog' }).first().click()
  await expect(page).toHaveURL(/\/blog$/)

  await page.goto('/blog/no-such-article')
  await expect(page.getByRole('heading', { name: BLOG_MESSAGES.notFound })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Blog' })).toBeVisible()
})

test('the contact form checks its fields, then sends the message to the outbox', async ({ page }) => {
  await page.goto('/contact')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Name is required')).toBeVisible()
  await expect(page.getByText('Email is required')).toBeVisible()
  await expect(page.getByText('Subject is required')).toBeVisible()
  await expect(page.getByText('Message is required')).toBeVisible()

  const email = `visitor.${Date.now()}@example.com`
  await page.getByLabel('Name').fill('Vera Visitor')
  await page.getByLabel('Email').fill('not-an-address')
  await page.getByLabel('Subject').fill('Semicolon files')
  await page.getByLabel('Message').fill('Does the importer read semicolon-separated exports?')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()

  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('heading', { name: CONTACT_MESSAGES.sentTitle })).toBeVisible()
  await expect(page.getByText(`We will answer at ${email}.`)).toBeVisible()
  await expect
    .poll(() => readOutbox(dataDir).find((mail) => mail.subject === 'Contact form: Semicolon files' && mail.text.includes(email)))
    .toBeTruthy()
})

test('the contact form reports the rate limit in words', async ({ page, baseURL }) => {
  const email = `busy.${Date.now()}@example.com`
  for (let i = 0; i < 3; i++) {
    const res = await page.request.post('/api/contact', {
      data: { name: 'Busy', email, subject: `Note ${i}`, message: 'A message long enough to pass.' },
      headers: { origin: baseURL! },
    })
    if (res.status() !== 201) break
  }
  await page.goto('/contact')
  await page.getByLabel('Name').fill('Busy')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Subject').fill('One more')
  await page.getByLabel('Message').fill('A message long enough to pass.')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText(CONTACT_MESSAGES.rateLimited)).toBeVisible()
})

test('an unknown page shows the 404 with a way home', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: NOT_FOUND_MESSAGES.title })).toBeVisible()
  await page.getByRole('link', { name: NOT_FOUND_MESSAGES.returnHome }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('help, privacy, terms and the comparison pages load with their own titles', async ({ page }) => {
  for (const [path, title] of [
    ['/help', 'Help Center'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/compare/rowcraft-vs-clay', 'Rowcraft vs Clay'],
    ['/compare/migrate-from-clay', 'Migrating from Clay to Rowcraft'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    // A title that already names the product is not suffixed with it again.
    await expect(page).toHaveTitle(title.includes('Rowcraft') ? title : `${title} · Rowcraft`)
  }
  await page.goto('/help')
  // The e2e server has no Google sign-in configured: the sign-up step does not offer it.
  const config = (await (await page.request.get('/api/config')).json()) as { googleEnabled: boolean }
  expect(config.googleEnabled).toBe(false)
  await expect(page.getByText(/^Sign up with your e-mail and confirm/)).toBeVisible()
  await expect(page.getByText(/with Google/)).toHaveCount(0)
  const question = page.getByRole('button', { name: 'Why were some rows skipped?' })
  await expect(question).toHaveAttribute('aria-expanded', 'false')
  await question.click()
  await expect(page.getByText('A row with more fields than the header')).toBeVisible()
})

test('sitemap.xml and robots.txt are served', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.headers()['content-type']).toContain('application/xml')
  expect(await sitemap.text()).toContain('/blog/what-is-lead-enrichment</loc>')
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:')
})

test('landing, blog, contact and sign-in have no serious or critical accessibility violations', async ({ page }) => {
  for (const path of ['/', '/blog', '/blog/what-is-lead-enrichment', '/contact']) {
    await page.goto(path)
    await expect(page.locator('main h1, main h2').first()).toBeVisible()
    // The landing's real upload box (its drop zone), not the placeholder shown while it loads.
    if (path === '/') await expect(page.getByTestId('landing-file-input')).toBeAttached()
    await expectNoSeriousA11yViolations(page)
  }
  await page.goto('/?mode=signin')
  await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
