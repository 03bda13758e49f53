import { expect, test, type Page } from '@playwright/test'
import { FORMULA_EDITOR_MESSAGES, GRID_MESSAGES } from '../src/common/messages.ts'
import { creditBadge } from './support/billing.ts'
import { columnHeader, columnValues, gridLeadsCsv, openUploadedGrid } from './support/grid.ts'
import { screenshotsAt1280And375 } from './support/screenshots.ts'
import { toast } from './support/uploads.ts'

/** Issue 32 in the browser: a formula column written with suggestions, checked as typed, previewed and saved; one described instead. */

const DOMAINS = ['acme.example', 'globex.example', 'initech.example', '', 'hooli.example']

function formulaDialog(page: Page, title: string = FORMULA_EDITOR_MESSAGES.addTitle) {
  return page.getByRole('dialog', { name: title })
}

async function openAddFormula(page: Page) {
  await page.getByRole('button', { name: GRID_MESSAGES.columns, exact: true }).click()
  await page.getByRole('button', { name: FORMULA_EDITOR_MESSAGES.addFormulaColumn }).click()
  const dialog = formulaDialog(page)
  await expect(dialog).toBeVisible()
  return dialog
}

const previewOf = (page: Page) => page.getByRole('list', { name: FORMULA_EDITOR_MESSAGES.preview })
const suggestions = (page: Page) => page.getByRole('listbox', { name: FORMULA_EDITOR_MESSAGES.suggestionsLabel })

test('writes a formula with suggestions, sees a bad one explained as it is typed, previews, saves and edits it', async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, gridLeadsCsv(), 'formula')
  const dialog = await openAddFormula(page)
  await dialog.getByLabel(FORMULA_EDITOR_MESSAGES.columnName).fill('Domain')
  const formula = dialog.getByRole('combobox', { name: FORMULA_EDITOR_MESSAGES.formula })
  await expect(dialog.getByText(FORMULA_EDITOR_MESSAGES.previewWaiting)).toBeVisible()

  // A misspelt function, with a column from `{`: the error says where, at once, and saving waits.
  await formula.click()
  await formula.pressSequentially('LWOER({')
  await expect(suggestions(page).getByRole('option')).toHaveText(['Name', 'Company', 'Employees', 'Signed Up', 'Email', 'Notes'])
  await formula.pressSequentially('em')
  await expect(suggestions(page).getByRole('option')).toHaveText(['Employees', 'Email'])
  await formula.pressSequentially('a')
  await expect(suggestions(page).getByRole('option')).toHaveText(['Email'])
  await formula.press('Enter')
  await expect(suggestions(page)).toBeHidden()
  await formula.pressSequentially(')')
  await expect(formula).toHaveValue('LWOER({Email})')
  await expect(dialog.getByText('character 1: unknown function LWOER; did you mean LOWER?')).toBeVisible()
  await expect(formula).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByRole('button', { name: FORMULA_EDITOR_MESSAGES.save })).toBeDisabled()
  await screenshotsAt1280And375(page, 'formula-error')

  // Fixed with the function list: its signature shows, arrows move, Enter inserts `DOMAIN(`.
  await formula.fill('')
  await formula.pressSequentially('DO')
  const domain = suggestions(page).getByRole('option', { name: /^DOMAIN/ })
  await expect(domain).toContainText('DOMAIN(email_or_url)')
  await expect(domain).toHaveAttribute('aria-selected', 'true')
  await screenshotsAt1280And375(page, 'formula-functions')
  await formula.press('Enter')
  await formula.pressSequentially('{Ema')
  await formula.press('Tab')
  await formula.pressSequentially(')')
  await expect(formula).toHaveValue('DOMAIN({Email})')
  await expect(dialog.getByText('unknown function')).toHaveCount(0)

  // The server's preview of the first rows, with the type the column will have.
  await expect(previewOf(page).getByRole('listitem').first()).toContainText('acme.example')
  await expect(previewOf(page).getByRole('listitem').nth(3)).toContainText(FORMULA_EDITOR_MESSAGES.emptyValue)
  await expect(dialog.getByLabel(`${FORMULA_EDITOR_MESSAGES.typeLabel}: ${FORMULA_EDITOR_MESSAGES.types.text}`)).toBeVisible()
  await screenshotsAt1280And375(page, 'formula-preview')

  await dialog.getByRole('button', { name: FORMULA_EDITOR_MESSAGES.save }).click()
  await expect(toast(page, FORMULA_EDITOR_MESSAGES.added)).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(columnHeader(page, 'Domain')).toBeVisible()
  await expect.poll(async () => (await columnValues(page, 'Domain')).slice(0, 5)).toEqual(DOMAINS)

  // The column's menu in the grid changes its formula; every row is computed again.
  await page.getByRole('button', { name: FORMULA_EDITOR_MESSAGES.columnMenu('Domain') }).click()
  await page.getByRole('menuitem', { name: FORMULA_EDITOR_MESSAGES.editFormula }).click()
  const edit = formulaDialog(page, FORMULA_EDITOR_MESSAGES.editTitle('Domain'))
  await expect(edit.getByRole('combobox', { name: FORMULA_EDITOR_MESSAGES.formula })).toHaveValue('DOMAIN({Email})')
  await edit.getByRole('combobox', { name: FORMULA_EDITOR_MESSAGES.formula }).fill('UPPER(DOMAIN({Email}))')
  await expect(previewOf(page).getByRole('listitem').first()).toContainText('ACME.EXAMPLE')
  await edit.getByRole('button', { name: FORMULA_EDITOR_MESSAGES.saveEdit }).click()
  await expect(toast(page, FORMULA_EDITOR_MESSAGES.changed)).toBeVisible()
  await expect.poll(async () => (await columnValues(page, 'Domain')).slice(0, 5)).toEqual(DOMAINS.map((value) => value.toUpperCase()))

  // A formula built on the formula column: `{` offers it, and it is computed from the cells beneath.
  const next = await openAddFormula(page)
  await next.getByLabel(FORMULA_EDITOR_MESSAGES.columnName).fill('Site')
  const site = next.getByRole('combobox', { name: FORMULA_EDITOR_MESSAGES.formula })
  await site.click()
  await site.pressSequentially('LOWER({Dom')
  await expect(suggestions(page).getByRole('option')).toHaveText(['Domain'])
  await site.press('Enter')
  await site.pressSequentially(')')
  await expect(site).toHaveValue('LOWER({Domain})')
  await expect(previewOf(page).getByRole('listitem').first()).toContainText('acme.example')
  await next.getByRole('button', { name: FORMULA_EDITOR_MESSAGES.save }).click()
  await expect(next).toBeHidden()
  await expect.poll(async () => (await columnValues(page, 'Site')).slice(0, 5)).toEqual(DOMAINS)

  // Domain may not read Site, which reads Domain: said as it is typed, and nothing is saved.
  await page.getByRole('button', { name: FORMULA_EDITOR_MESSAGES.columnMenu('Domain') }).click()
  await page.getByRole('menuitem', { name: FORMULA_EDITOR_MESSAGES.editFormula }).click()
  const circle = formulaDialog(page, FORMULA_EDITOR_MESSAGES.editTitle('Domain'))
  await circle.getByRole('combobox', { name: FORMULA_EDITOR_MESSAGES.formula }).fill('LEN({Site})')
  await expect(circle.getByText('character 5: formula columns cannot read each other in a circle: {Domain} reads {Site} reads {Domain}')).toBeVisible()
  await expect(circle.getByRole('button', { name: FORMULA_EDITOR_MESSAGES.saveEdit })).toBeDisabled()
  await screenshotsAt1280And375(page, 'formula-circle')
})

test("describes a formula instead: the AI's proposal is shown, previewed and editable before it is saved", async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, gridLeadsCsv(), 'formula-ai')
  const before = Number((await creditBadge(page).innerText()).replace(/\D/g, ''))
  const dialog = await openAddFormula(page)
  await dialog.getByLabel(FORMULA_EDITOR_MESSAGES.columnName).fill('Mail domain')
  await dialog.getByRole('tab', { name: FORMULA_EDITOR_MESSAGES.describe }).click()
  await dialog.getByLabel(FORMULA_EDITOR_MESSAGES.describeLabel).fill('the domain of the e-mail')
  await screenshotsAt1280And375(page, 'formula-describe')
  await dialog.getByRole('button', { name: FORMULA_EDITOR_MESSAGES.propose }).click()

  const formula = dialog.getByRole('combobox', { name: FORMULA_EDITOR_MESSAGES.formula })
  await expect(formula).toHaveValue('DOMAIN({Email})')
  await expect(dialog.getByText(FORMULA_EDITOR_MESSAGES.proposed)).toBeVisible()
  await expect(previewOf(page).getByRole('listitem').first()).toContainText('acme.example')
  await expect(creditBadge(page)).toContainText(`${(before - 1).toLocaleString('en-US')} credits`)
  await screenshotsAt1280And375(page, 'formula-proposed')

  // Editable before saving: the user's change is what is saved.
  await formula.fill('LOWER(DOMAIN({Email}))')
  await expect(dialog.getByText(FORMULA_EDITOR_MESSAGES.proposed)).toBeHidden()
  await dialog.getByRole('button', { name: FORMULA_EDITOR_MESSAGES.save }).click()
  await expect(toast(page, FORMULA_EDITOR_MESSAGES.added)).toBeVisible()
  await expect.poll(async () => (await columnValues(page, 'Mail domain')).slice(0, 5)).toEqual(DOMAINS)
  // Computing the column cost nothing more.
  await expect(creditBadge(page)).toContainText(`${(before - 1).toLocaleString('en-US')} credits`)
})
