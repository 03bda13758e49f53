import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { GRID_MESSAGES } from '#common/messages'
import type { RowFilter, RowsPage } from '#common/schemas/rows'
import type { UploadColumn, UploadDetail } from '#common/schemas/uploads'
import { renderScreen, stubApi, type ApiCall } from '#web/test/render-screen'
import { UploadGrid } from './upload-grid'

const column = (key: string, name: string, position: number): UploadColumn => ({
  key,
  name,
  type: 'text',
  position,
  hidden: false,
  kind: 'source',
  width: null,
  dateOrder: null,
  dateOrderBasis: null,
})

const upload: UploadDetail = {
  id: 'u1',
  filename: 'leads.csv',
  status: 'completed',
  totalRows: 2,
  processedRows: 2,
  validRows: 2,
  skippedRows: 0,
  dataCompletenessScore: 100,
  errorMessage: null,
  folderId: null,
  sizeBytes: 100,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  columns: [column('c1', 'Company', 0), column('c2', 'Country', 1)],
  aiColumnCount: 0,
  enrichedRows: 0,
  dataQualityIssues: [],
  qualityMetrics: null,
  preview: null,
}

const emptyPage: RowsPage = { data: [], count: 0, page: 1, perPage: 50, totalPages: 1, isCountExact: true }

/** The filters each rows request asked for, in order. */
const filtersAsked = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === '/api/uploads/u1/rows').map((call) => JSON.parse(call.query.get('filters') ?? '[]') as RowFilter[])

function renderGrid() {
  const calls = stubApi((call) => (call.path === '/api/uploads/u1/rows' ? { body: emptyPage } : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'not here' } } }))
  renderScreen(<UploadGrid upload={upload} />, { path: '/files/u1' })
  return calls
}

/** Opens a select by keyboard and picks one of its options. */
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }))
  await user.click(await screen.findByRole('option', { name: option }))
}

describe('the grid’s filter popover', () => {
  it('adds a filter of the chosen column, condition and value; the rows are read again with it; its chip removes it', async () => {
    const user = userEvent.setup({ delay: null })
    const calls = renderGrid()
    await waitFor(() => expect(filtersAsked(calls)).toEqual([[]]))

    await user.click(screen.getByRole('button', { name: 'Filter' }))
    const popover = await screen.findByRole('dialog', { name: 'Add Filter' })
    const add = within(popover).getByRole('button', { name: 'Add Filter' })
    expect(add).toHaveProperty('disabled', true)
    expect(within(popover).getByText(GRID_MESSAGES.filterNeedsColumnAndValue)).toBeTruthy()

    await choose(user, 'Column', 'Country')
    await choose(user, 'Condition', 'equals')
    expect(add).toHaveProperty('disabled', true)
    await user.type(within(popover).getByLabelText('Value'), '  Germany ')
    await user.click(add)

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Filter' })).toBeNull())
    await waitFor(() => expect(filtersAsked(calls).at(-1)).toEqual([{ column: 'c2', operator: 'equals', value: 'Germany' }]))
    const chips = screen.getByRole('list', { name: 'Active filters' })
    expect(within(chips).getByText('Country equals "Germany"')).toBeTruthy()
    expect(within(screen.getByRole('button', { name: /Filter/ })).getByText('1')).toBeTruthy()

    await user.click(within(chips).getByRole('button', { name: 'Remove filter Country equals "Germany"' }))
    await waitFor(() => expect(filtersAsked(calls).at(-1)).toEqual([]))
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull()
  })

  it('needs no value for "is empty", and a second filter joins the first', async () => {
    const user = userEvent.setup({ delay: null })
    const calls = renderGrid()

    await user.click(screen.getByRole('button', { name: 'Filter' }))
    await choose(user, 'Column', 'Company')
    await user.type(screen.getByLabelText('Value'), 'acme')
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add Filter' }))

    await user.click(screen.getByRole('button', { name: /Filter/ }))
    await choose(user, 'Column', 'Country')
    await choose(user, 'Condition', 'is empty')
    expect(screen.queryByLabelText('Value')).toBeNull()
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add Filter' }))

    await waitFor(() =>
      expect(filtersAsked(calls).at(-1)).toEqual([
        { column: 'c1', operator: 'contains', value: 'acme' },
        { column: 'c2', operator: 'is_empty', value: '' },
      ]),
    )
  })

  it('closes on Escape without adding anything, and opens empty again', async () => {
    const user = userEvent.setup({ delay: null })
    const calls = renderGrid()
    await waitFor(() => expect(filtersAsked(calls)).toHaveLength(1))

    const trigger = screen.getByRole('button', { name: 'Filter' })
    await user.click(trigger)
    await choose(user, 'Column', 'Company')
    await user.type(screen.getByLabelText('Value'), 'acme')
    await user.keyboard('{Escape}')

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Filter' })).toBeNull())
    expect(document.activeElement).toBe(trigger)
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull()
    expect(filtersAsked(calls)).toEqual([[]])

    await user.keyboard('{Enter}')
    expect(await screen.findByRole('dialog', { name: 'Add Filter' })).toBeTruthy()
    expect((screen.getByLabelText('Value') as HTMLInputElement).value).toBe('')
  })
})
