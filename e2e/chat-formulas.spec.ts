import { expect, test, type Page } from '@playwright/test'
import { CHAT_MESSAGES } from '../src/common/messages.ts'
import { FAKE_CHAT_PLANS } from './support/fake-ai.ts'
import { columnHeader, expectColumnValues, openUploadedGrid } from './support/grid.ts'
import { csvFile } from './support/uploads.ts'

// Sign-up, trial, import and two model calls: more than the default minute on a busy machine.
test.beforeEach(() => {
  test.setTimeout(180_000)
})

/** Company, Country (two spellings of Spain), Revenue (one 'n/a'), Employees. */
const FIRMS = [
  ['Acme', 'Spain', '$120,000', '40'],
  ['Globex', 'France', '$80,000', '20'],
  ['Initech', 'spain', '$30,000', '10'],
  ['Umbrella', 'France', 'n/a', '5'],
  ['Hooli', 'Italy', '$250,000', '100'],
  ['Stark', 'Spain', '$9,000', '3'],
]
const amount = (text: string) => (/^\$[\d,]+$/.test(text) ? Number(text.replace(/[$,]/g, '')) : null)

/** The answer the test works out itself: per country (folded), its rows, total revenue and average revenue per employee, largest total first. */
function expectedGroups() {
  const groups = new Map<string, { rows: number; total: number; ratios: number[] }>()
  for (const [, country, revenue, employees] of FIRMS) {
    const group = groups.get(country!.toLowerCase()) ?? { rows: 0, total: 0, ratios: [] }
    group.rows += 1
    const value = amount(revenue!)
    if (value !== null) {
      group.total += value
      group.ratios.push(value / Number(employees))
    }
    groups.set(country!.toLowerCase(), group)
  }
  const format = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 })
  return [...groups]
    .sort((a, b) => b[1].total - a[1].total)
    .map(([country, group]) => [country, String(group.rows), format(group.total), format(group.ratios.reduce((a, b) => a + b, 0) / group.ratios.length)])
}

const chatSection = (page: Page) => page.getByRole('region', { name: CHAT_MESSAGES.title })

async function ask(page: Page, question: string) {
  const input = chatSection(page).getByRole('textbox', { name: CHAT_MESSAGES.inputLabel })
  await input.fill(question)
  await input.press('Enter')
}

test('asks for figures over figures: an expression per group, the groups ordered by it, and one over the whole file', async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, csvFile('firms.csv', ['Company,Country,Revenue,Employees', ...FIRMS.map((row) => row.map((cell) => (cell.includes(',') ? `"${cell}"` : cell)).join(','))]), 'chatexpr')
  const chat = chatSection(page)

  await ask(page, FAKE_CHAT_PLANS.revenuePerHead.question)
  const table = chat.getByRole('table', { name: 'By Country' })
  await expect(table).toBeVisible()
  const rows = (await table.getByRole('row').allInnerTexts()).map((row) => row.split('\t').map((cell) => cell.trim()))
  expect(rows[0]).toEqual(['Country', CHAT_MESSAGES.groupRows, '{Revenue} / {Staff}', 'Revenue', 'Staff'])
  const format = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 })
  const totals = new Map<string, { rows: number; revenue: number; staff: number }>()
  for (const [, country, revenue, employees] of FIRMS) {
    const group = totals.get(country!.toLowerCase()) ?? { rows: 0, revenue: 0, staff: 0 }
    totals.set(country!.toLowerCase(), { rows: group.rows + 1, revenue: group.revenue + (amount(revenue!) ?? 0), staff: group.staff + Number(employees) })
  }
  const expected = [...totals]
    .map(([country, group]) => [country, String(group.rows), format(group.revenue / group.staff), format(group.revenue), format(group.staff)])
    .sort((a, b) => Number(b[2]!.replace(/,/g, '')) - Number(a[2]!.replace(/,/g, '')))
  expect(rows.slice(1).map(([country, ...figures]) => [country!.toLowerCase(), ...figures])).toEqual(expected)

  await ask(page, FAKE_CHAT_PLANS.employeeRange.question)
  const sizes = FIRMS.map(([, , , employees]) => Number(employees))
  await expect(chat.getByTestId('answer-figure')).toHaveText(format(Math.max(...sizes) - Math.min(...sizes)))
  await expect(chat.getByText(CHAT_MESSAGES.figureOverRows('{Most} - {Fewest}', FIRMS.length, FIRMS.length), { exact: true })).toBeVisible()
})

test('asks a grouped question answered with computed figures, a yes/no one over the same formula, and saves the formula as a column', async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, csvFile('firms.csv', ['Company,Country,Revenue,Employees', ...FIRMS.map((row) => row.map((cell) => (cell.includes(',') ? `"${cell}"` : cell)).join(','))]), 'chatformula')
  const chat = chatSection(page)

  await ask(page, FAKE_CHAT_PLANS.revenueByCountry.question)
  const table = chat.getByRole('table', { name: 'By Country' })
  await expect(table).toBeVisible()
  const rows = await table.getByRole('row').allInnerTexts()
  expect(rows[0]!.split('\t').map((cell) => cell.trim())).toEqual(['Country', CHAT_MESSAGES.groupRows, 'Total Revenue', 'Average NUMBER({Revenue}) / NUMBER({Employees})'])
  // Spain is one group whatever its case; the values are the database's, exactly.
  const shown = rows.slice(1).map((row) => row.split('\t').map((cell) => cell.trim()))
  expect(shown.map(([country, ...figures]) => [country!.toLowerCase(), ...figures])).toEqual(expectedGroups())
  // Each revenue that is not a number is skipped twice: by the total, and by the formula it leaves empty.
  const unreadable = FIRMS.filter(([, , revenue]) => amount(revenue!) === null).length
  await expect(chat.getByText(CHAT_MESSAGES.skippedInGroups(unreadable * 2))).toBeVisible()

  // The same derived value again: a yes/no answer, and the offer to keep the formula as a column.
  await ask(page, FAKE_CHAT_PLANS.perEmployee.question)
  const above = FIRMS.filter(([, , revenue, employees]) => (amount(revenue!) ?? 0) / Number(employees) > 2000).length
  await expect(chat.getByTestId('answer-figure')).toHaveText(above > 0 ? CHAT_MESSAGES.yes : CHAT_MESSAGES.no)
  await expect(chat.getByText(CHAT_MESSAGES.rowsExist(above, FIRMS.length), { exact: true })).toBeVisible()
  await expect(chat.getByRole('list', { name: CHAT_MESSAGES.criteria }).getByRole('listitem')).toHaveText(['NUMBER({Revenue}) / NUMBER({Employees}) is greater than "2000"'])

  const offer = chat.getByRole('form', { name: CHAT_MESSAGES.saveFormulaTitle })
  await offer.getByLabel(CHAT_MESSAGES.saveFormulaName).fill('Revenue per employee')
  await offer.getByRole('button', { name: CHAT_MESSAGES.saveFormula }).click()
  await expect(chat.getByText(CHAT_MESSAGES.savedFormula('Revenue per employee'))).toBeVisible()
  await expect(columnHeader(page, 'Revenue per employee')).toBeVisible()
  await expectColumnValues(
    page,
    'Revenue per employee',
    FIRMS.map(([, , revenue, employees]) => (amount(revenue!) === null ? '' : String(amount(revenue!)! / Number(employees)))),
  )
})
