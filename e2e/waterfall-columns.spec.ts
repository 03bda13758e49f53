import { expect, test } from '@playwright/test'
import { AI_COLUMN_MESSAGES, SECRET_MESSAGES, WATERFALL_UI } from '../src/common/messages.ts'
import { FAKE_SOURCE_PORT } from './support/fake-ai.ts'
import { columnHeader, columnValues, gridCell, openUploadedGrid } from './support/grid.ts'
import { screenshotsAt1280And375 } from './support/screenshots.ts'
import { csvFile, toast } from './support/uploads.ts'

const PEOPLE = csvFile('people.csv', ['First Name,Last Name,Domain,Known', 'Ann,Ng,acme.example,ann@acme.example', 'Bo,Li,globex.example,', 'Cy,Ra,unknown.example,'])

test('a three-step waterfall: built with its rules, reordered, tested on a row, run, and a cell read with the steps it went through', async ({ page, baseURL }) => {
  // Sign-up, a secret, a test, a column and its run: a long journey on a busy machine.
  test.slow()
  const uploadId = await openUploadedGrid(page, baseURL!, PEOPLE, 'waterfall-column')

  await page.goto('/dashboard/api-settings')
  const secrets = page.getByRole('form', { name: 'Add a secret' })
  await secrets.getByLabel('Name').fill('HUNTER_API_KEY')
  await secrets.getByLabel('Value').fill('hunter-secret-key')
  await secrets.getByRole('button', { name: 'Save secret' }).click()
  await expect(toast(page, SECRET_MESSAGES.saved)).toBeVisible()

  await page.goto(`/dashboard/${uploadId}`)
  await expect(page.getByRole('button', { name: WATERFALL_UI.toolbarButton })).toBeVisible()
  await screenshotsAt1280And375(page, 'waterfall-toolbar')
  await page.getByRole('button', { name: WATERFALL_UI.toolbarButton }).click()
  const dialog = page.getByRole('dialog', { name: WATERFALL_UI.title })
  await dialog.getByLabel(WATERFALL_UI.nameLabel).fill('Work email')
  const step = (n: number) => dialog.getByRole('listitem', { name: WATERFALL_UI.stepTitle(n) })
  const preset = async (n: number, label: string) => {
    await step(n).getByRole('combobox', { name: `${WATERFALL_UI.presetLabel} for step ${n}` }).click()
    await page.getByRole('option', { name: label }).click()
  }

  // 1: the e-mail the file already has, when it looks like one (free).
  await step(1).getByLabel(WATERFALL_UI.formulaLabel).fill('{Known}')
  await preset(1, 'Looks like an e-mail')
  await expect(step(1).getByLabel(WATERFALL_UI.ruleLabel)).toHaveValue('AND(CONTAINS({value}, "@"), CONTAINS(DOMAIN({value}), "."))')
  // 2: the model, accepted only when sure and e-mail shaped.
  await step(2).getByLabel(WATERFALL_UI.promptLabel).fill('The work e-mail of {First Name} {Last Name} at {Domain}')
  await preset(2, 'Looks like an e-mail')
  // 3: an e-mail finder (Hunter's API, here a local fake), added last, moved up and back down.
  await dialog.getByRole('button', { name: WATERFALL_UI.addStep }).click()
  await step(3).getByRole('combobox', { name: 'Kind of step 3' }).click()
  await page.getByRole('option', { name: WATERFALL_UI.kinds.http }).click()
  await step(3)
    .getByLabel('URL of step 3')
    .fill(`http://127.0.0.1:${FAKE_SOURCE_PORT}/v2/email-finder?domain={Domain}&first_name={First Name}&last_name={Last Name}&api_key={secret:HUNTER_API_KEY}`)
  await step(3).getByLabel(WATERFALL_UI.pathLabel).fill('data.email')
  await preset(3, 'Looks like an e-mail')
  await dialog.getByRole('button', { name: WATERFALL_UI.moveUp(3) }).click()
  await expect(step(2).getByRole('combobox', { name: 'Kind of step 2' })).toHaveText(WATERFALL_UI.kinds.http)
  await dialog.getByRole('button', { name: WATERFALL_UI.moveDown(2) }).click()
  await expect(step(3).getByRole('combobox', { name: 'Kind of step 3' })).toHaveText(WATERFALL_UI.kinds.http)
  await expect(step(2).getByRole('combobox', { name: 'Kind of step 2' })).toHaveText(WATERFALL_UI.kinds.ai)

  // Row 2 has no known e-mail and the model's guess is no e-mail: the finder gives the value.
  await dialog.getByRole('textbox', { name: WATERFALL_UI.testRow, exact: true }).fill('2')
  await dialog.getByRole('button', { name: WATERFALL_UI.testButton }).click()
  const result = dialog.getByLabel('Test result')
  await expect(result).toContainText(`${WATERFALL_UI.valueFrom(3)}: bo.li@globex.example`)
  await expect(result.getByTestId('waterfall-step-outcome')).toHaveText([WATERFALL_UI.outcomes.empty, new RegExp(`^${WATERFALL_UI.outcomes.rejected}`), `${WATERFALL_UI.outcomes.accepted}: bo.li@globex.example`])
  await expect(result).not.toContainText('hunter-secret-key')
  await screenshotsAt1280And375(page, 'waterfall-column-dialog')

  await dialog.getByRole('button', { name: WATERFALL_UI.create }).click()
  const estimate = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.estimateTitle('Work email') })
  await expect(estimate.getByTestId('waterfall-expected')).toContainText('not tried yet')
  await expect(estimate).toContainText(WATERFALL_UI.worstCase)
  await screenshotsAt1280And375(page, 'waterfall-run-estimate')
  await estimate.getByRole('button', { name: AI_COLUMN_MESSAGES.start }).click()

  await expect(columnHeader(page, 'Work email')).toBeVisible({ timeout: 30_000 })
  await expect.poll(async () => (await columnValues(page, 'Work email')).slice(0, 2), { timeout: 30_000 }).toEqual(['ann@acme.example', 'bo.li@globex.example'])

  // The cell says which step gave its value, and every step tried with its outcome and credits.
  const cell = await gridCell(page, 2, 'Work email')
  await cell.click()
  await cell.press('Enter')
  const detail = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.detailTitle('Work email', 2) })
  await expect(detail.getByTestId('ai-cell-status')).toHaveText(AI_COLUMN_MESSAGES.statuses.done)
  await expect(detail.getByTestId('waterfall-step-outcome')).toHaveText([WATERFALL_UI.outcomes.empty, new RegExp(`^${WATERFALL_UI.outcomes.rejected}`), `${WATERFALL_UI.outcomes.accepted}: bo.li@globex.example`])
  await expect(detail).toContainText(`${WATERFALL_UI.stepTitle(3)} · ${WATERFALL_UI.kinds.http}`)
  await expect(detail).toContainText('HTTP 200')
  await expect(detail).not.toContainText('hunter-secret-key')
  await screenshotsAt1280And375(page, 'waterfall-cell-provenance')
  await page.keyboard.press('Escape')

  // Row 1's known e-mail was accepted by the first step: nothing else was called for it.
  const first = await gridCell(page, 1, 'Work email')
  await first.click()
  await first.press('Enter')
  const firstDetail = page.getByRole('dialog', { name: AI_COLUMN_MESSAGES.detailTitle('Work email', 1) })
  await expect(firstDetail.getByTestId('waterfall-step-outcome')).toHaveText([`${WATERFALL_UI.outcomes.accepted}: ann@acme.example`])
})
