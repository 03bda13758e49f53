import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import Papa from 'papaparse'
import { CHAT } from '../src/common/constants.ts'
import { CHAT_MESSAGES, GRID_MESSAGES } from '../src/common/messages.ts'
import { signOut } from './support/auth.ts'
import { creditBadge } from './support/billing.ts'
import { FAKE_CHAT_PLANS, FAKE_CHAT_SUMMARY } from './support/fake-ai.ts'
import { expectColumnValues, gridLeadsCsv, openUploadedGrid } from './support/grid.ts'
import { screenshotsAt1280And375 } from './support/screenshots.ts'
import { gridBodyRows, toast } from './support/uploads.ts'

// Sign-up, trial, import and several model calls: more than the default minute on a busy machine.
test.beforeEach(() => {
  test.setTimeout(180_000)
})

const ALL_NAMES = ['Ann Ng', 'Bo Li', 'Cy Ra', 'Di Fox', 'Ed Oz', 'Flo Yu', 'Gus Ho', 'Hal Ek', 'Ivy Mo', 'Jo Park', 'Kai Lu', 'Lea Vo']

const chatSection = (page: Page) => page.getByRole('region', { name: CHAT_MESSAGES.title })
const banner = (page: Page) => page.getByRole('status', { name: CHAT_MESSAGES.aiFilterActive })

async function ask(page: Page, question: string) {
  const input = chatSection(page).getByRole('textbox', { name: CHAT_MESSAGES.inputLabel })
  await input.fill(question)
  await input.press('Enter')
}

test('asks the table a question, edits a criterion for free, shows and exports the result, removes the filter', async ({ page, baseURL }) => {
  const { question } = FAKE_CHAT_PLANS.bigCompanies
  await openUploadedGrid(page, baseURL!, gridLeadsCsv(), 'chat')
  await expect(creditBadge(page)).toHaveText('2,000 credits')
  const chat = chatSection(page)

  // The explainer, and a placeholder that is one of the example questions.
  await expect(chat.getByRole('note', { name: CHAT_MESSAGES.explainerTitle })).toBeVisible()
  const input = chat.getByRole('textbox', { name: CHAT_MESSAGES.inputLabel })
  await expect(input).toHaveAttribute('placeholder', /\?|by industry|missing email/)
  await expect(chat.getByRole('button', { name: CHAT_MESSAGES.send })).toBeDisabled()

  await ask(page, question)
  await expect(toast(page, CHAT_MESSAGES.analysisCompleteTitle, CHAT_MESSAGES.analysisComplete(5))).toBeVisible()
  // Ann, Ed, Gus, Ivy and Lea: more than 50 people and an email (Di Fox has none).
  await expect(chat.getByTestId('answer-figure')).toHaveText('5')
  // Beside the answer's figure, and on the answer in the conversation.
  await expect(chat.getByText(CHAT_MESSAGES.summaryRows(5, 12))).toHaveCount(2)
  await expect(chat.getByText(FAKE_CHAT_SUMMARY).first()).toBeVisible()
  await expect(chat.getByText(CHAT_MESSAGES.confidence(86))).toBeVisible()
  const criteria = chat.getByRole('list', { name: CHAT_MESSAGES.criteria })
  await expect(criteria.getByRole('listitem')).toHaveText(['Employees is greater than "50"', 'Email is not empty'])
  await expect(chat.getByText(CHAT_MESSAGES.matchingLeads)).toBeVisible()
  await expect(chat.getByRole('log', { name: CHAT_MESSAGES.conversationLabel }).getByText(question)).toBeVisible()
  // The first question put the explainer away for good.
  await expect(chat.getByRole('note', { name: CHAT_MESSAGES.explainerTitle })).toHaveCount(0)
  await expect(creditBadge(page)).toHaveText('1,992 credits')
  await screenshotsAt1280And375(page, 'chat-answer')

  // Editing a criterion counts again at once, with no credits.
  await criteria.getByRole('button', { name: `${CHAT_MESSAGES.editCriterion}: Employees is greater than "50"` }).click()
  const editor = page.getByRole('dialog', { name: CHAT_MESSAGES.editCriterion })
  await editor.getByLabel(CHAT_MESSAGES.criterionValue, { exact: true }).fill('100')
  await editor.getByRole('button', { name: CHAT_MESSAGES.applyCriterion }).click()
  await expect(chat.getByTestId('answer-figure')).toHaveText('3')
  await expect(criteria.getByRole('listitem').first()).toHaveText('Employees is greater than "100"')
  // The edit joins the conversation; the first answer stays in it.
  const log = chat.getByRole('log', { name: CHAT_MESSAGES.conversationLabel })
  await expect(log.getByText(CHAT_MESSAGES.editedQuestion('Employees is greater than "100" and Email is not empty'))).toBeVisible()
  await page.reload()
  await expect(creditBadge(page)).toHaveText('1,992 credits')

  // The conversation and the edited answer survive the reload.
  await expect(chat.getByRole('log', { name: CHAT_MESSAGES.conversationLabel }).getByText(question)).toBeVisible()
  await expect(chat.getByTestId('answer-figure')).toHaveText('3')

  await chat.getByRole('button', { name: CHAT_MESSAGES.showInTable }).click()
  await expect(banner(page)).toContainText(CHAT_MESSAGES.aiFilterShowing(3, 12))
  await expectColumnValues(page, 'Name', ['Ann Ng', 'Ed Oz', 'Ivy Mo'])
  await screenshotsAt1280And375(page, 'chat-ai-filter')

  // An edited answer says what it now computes, in the banner and the export's name (issue 30 §3).
  await expect(banner(page)).toContainText('Employees is greater than "100" and Email is not empty')
  await expect(banner(page)).not.toContainText(question)
  await page.getByRole('button', { name: GRID_MESSAGES.export, exact: true }).click()
  await page.getByRole('menuitem', { name: CHAT_MESSAGES.exportAiSearch('3') }).click()
  const downloading = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: 'CSV', exact: true }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('ai_search_Employees_is_greater_than__100__and_Email_is_not_empty_grid-leads.csv')
  const rows = Papa.parse<string[]>((await readFile((await download.path())!, 'utf8')).trim()).data
  expect(rows.map((row) => row[0])).toEqual(['Name', 'Ann Ng', 'Ed Oz', 'Ivy Mo'])

  await banner(page).getByRole('button', { name: CHAT_MESSAGES.removeFilter }).click()
  await expect(banner(page)).toHaveCount(0)
  await expectColumnValues(page, 'Name', ALL_NAMES)

  // Removing a criterion is free too; Clear conversation empties the chat.
  await chat.getByRole('button', { name: `${CHAT_MESSAGES.removeCriterion}: Email is not empty` }).click()
  await expect(chat.getByTestId('answer-figure')).toHaveText('4')
  await chat.getByRole('button', { name: CHAT_MESSAGES.clear }).click()
  await expect(toast(page, CHAT_MESSAGES.cleared)).toBeVisible()
  await expect(chat.getByRole('log')).toHaveCount(0)
  await expect(creditBadge(page)).toHaveText('1,992 credits')

  // The explainer stays dismissed for good, a sign-out included (001 §4: remembered locally).
  await signOut(page)
  expect(await page.evaluate((key) => localStorage.getItem(key), CHAT.explainerDismissedKey)).toBe('true')
})

test('the AI search panel filters the grid at once, says that nothing matches, or leads to a figure in Magic Chat', async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, gridLeadsCsv(), 'chat-search')
  const search = page.getByRole('form', { name: CHAT_MESSAGES.searchPanelButton })
  const box = search.getByRole('textbox', { name: CHAT_MESSAGES.searchPanelButton })

  await box.fill(FAKE_CHAT_PLANS.nobody.question)
  await box.press('Enter')
  await expect(search.getByText(CHAT_MESSAGES.searchNoMatches)).toBeVisible()
  await expect(banner(page)).toHaveCount(0)

  // A figure, not rows: the panel says where it is and leads there.
  await box.fill(FAKE_CHAT_PLANS.byCompany.question)
  await box.press('Enter')
  await expect(search.getByText(CHAT_MESSAGES.searchAnswerInChat)).toBeVisible()
  await expect(banner(page)).toHaveCount(0)
  await screenshotsAt1280And375(page, 'ai-search-figure')
  await search.getByRole('button', { name: CHAT_MESSAGES.goToChat }).click()
  await expect(page.getByRole('heading', { name: CHAT_MESSAGES.title })).toBeFocused()
  await expect(chatSection(page).getByText('Count by Company')).toBeVisible()

  await box.fill(FAKE_CHAT_PLANS.acme.question)
  await box.press('Enter')
  await expect(banner(page)).toContainText(CHAT_MESSAGES.aiFilterShowing(3, 12))
  await expectColumnValues(page, 'Name', ['Ann Ng', 'Hal Ek', 'Lea Vo'])
  await expect(creditBadge(page)).toHaveText('1,976 credits')

  // The filter is in the address: a reload keeps it; Remove Filter goes back to every row.
  await page.reload()
  await expect(banner(page)).toContainText(CHAT_MESSAGES.aiFilterShowing(3, 12))
  await banner(page).getByRole('button', { name: CHAT_MESSAGES.removeFilter }).click()
  await expect(gridBodyRows(page)).toHaveCount(12)
})

test('a question that needs judgment per row becomes an AI column, then is answered from it', async ({ page, baseURL }) => {
  await openUploadedGrid(page, baseURL!, gridLeadsCsv(), 'chat-judgment')
  const chat = chatSection(page)
  await ask(page, FAKE_CHAT_PLANS.saas.question)
  await expect(chat.getByText(CHAT_MESSAGES.judgmentTitle)).toBeVisible()
  // Quoted as the run charges: once per distinct Company (the three 'Acme' rows are one input).
  await expect(chat.getByText(CHAT_MESSAGES.judgmentEstimate(10, 12, 10))).toBeVisible()
  await expect(chat.getByRole('log').getByText(CHAT_MESSAGES.judgmentBody(12, 10, 10))).toBeVisible()
  await chat.getByRole('button', { name: CHAT_MESSAGES.createJudgmentColumn('Is SaaS') }).click()

  // The column joins the grid and fills in; the answer then comes from it, counted over every row.
  await expect(page.getByRole('columnheader', { name: 'Is SaaS' })).toBeVisible()
  await expect(chat.getByText(CHAT_MESSAGES.judgmentAnswered('Is SaaS'), { exact: false }).first()).toBeVisible({ timeout: 60_000 })
  await expect(chat.getByRole('list', { name: CHAT_MESSAGES.criteria }).getByRole('listitem')).toHaveText(['Is SaaS is "true"'])
  await expect(chat.getByTestId('answer-figure')).toHaveText(/^\d+$/)
  // 8 credits for the question, 1 a cell for the column, whose three 'Acme' rows share one answer.
  await expect(creditBadge(page)).toHaveText('1,982 credits')
})
