import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react'
import { toast } from 'sonner'
import { GRID_MESSAGES } from '#common/messages'
import type { UploadColumn, UploadDetail } from '#common/schemas/uploads'
import { errorMessage } from '#web/lib/api-client'
import { useRows } from '../api/get-rows'
import { useRowsInfinite } from '../api/get-rows-infinite'
import { useUpdateCell } from '../api/update-cell'
import { useColumnActions } from '../hooks/use-column-actions'
import { useGridView } from '../hooks/use-grid-view'
import { useHighlightRow } from '../hooks/use-highlight-row'
import { useRowsLive } from '../hooks/use-rows-live'
import { useViewSelection } from '../hooks/use-view-selection'
import { visibleColumns } from '../lib/column-rules'
import { filtersForColumns } from '../lib/filter-chip'
import type { GridContext, GridExtensions } from '../lib/grid-extensions'
import { formatViewCount, pagerState } from '../lib/page-window'
import { AiFilterBanner } from './ai-filter-banner'
import { ColumnsMenu } from './columns-menu'
import { DataGrid } from './data-grid'
import { ExportMenu } from './export-menu'
import { FilterChips } from './filter-chips'
import { FilterPopover } from './filter-popover'
import type { FormulaDialogTarget } from './formula-column-dialog'
import { FormulaHeaderMenu } from './formula-header-menu'
import { GridFooter } from './grid-footer'
import { GridEmpty, GridError, GridSkeleton } from './grid-states'
import { GridToolbar } from './grid-toolbar'
import { AddRowDialog } from './add-row-dialog'
import { RemoveDuplicatesDialog } from './remove-duplicates-dialog'
import { SelectionBar } from './selection-bar'

// The formula language's parser (ohm) loads with the dialog, not with every grid.
const FormulaColumnDialog = lazy(async () => ({ default: (await import('./formula-column-dialog')).FormulaColumnDialog }))

/** The upload's rows (issue 4): toolbar, selection bar, the virtualised grid and its footer. */
export function UploadGrid({ upload, extensions = {} }: { upload: UploadDetail; extensions?: GridExtensions }) {
  const grid = useGridView()
  const columns = useMemo(() => visibleColumns(upload.columns), [upload.columns])
  const actions = useColumnActions(upload.id, upload.columns)
  const { showDefaultViewPage } = grid
  const showPage = useCallback((page: number) => showDefaultViewPage(page), [showDefaultViewPage])
  const highlight = useHighlightRow(upload.id, grid.perPage, showPage)
  useRowsLive(upload.id)

  // Filters or a sort on a column that was deleted would be refused by the server: leave them out.
  const filters = filtersForColumns(grid.filters, upload.columns)
  const sort = grid.sort && upload.columns.some((column) => column.key === grid.sort?.column) ? grid.sort : undefined
  const view = useMemo(() => ({ ...grid.view, filters, sort }), [grid.view, filters, sort])
  const [rowSelection, setRowSelection] = useViewSelection(JSON.stringify(view))

  const paged = useRows(upload.id, { page: grid.page, perPage: grid.perPage, view }, upload.status, { enabled: !grid.isContinuous })
  const infinite = useRowsInfinite(upload.id, view, upload.status, { enabled: grid.isContinuous })
  const active = grid.isContinuous ? infinite : paged
  const rows = useMemo(
    () => (grid.isContinuous ? (infinite.data?.pages.flatMap((page) => page.data) ?? []) : (paged.data?.data ?? [])),
    [grid.isContinuous, infinite.data, paged.data],
  )
  const firstPage = grid.isContinuous ? infinite.data?.pages[0] : paged.data
  const count = firstPage?.count ?? 0
  const isCountExact = firstPage?.isCountExact ?? true
  const countText = formatViewCount(count, isCountExact)
  const pager = pagerState({
    page: grid.page,
    perPage: grid.perPage,
    totalPages: paged.data?.totalPages ?? 1,
    isCountExact: paged.data?.isCountExact ?? true,
    rowsOnPage: paged.data?.data.length ?? 0,
  })
  const totalPages = pager.lastPage

  // After rows are deleted the last page may be gone: show the new last page.
  const { page, setPage } = grid
  useEffect(() => {
    if (!grid.isContinuous && paged.data?.isCountExact && totalPages > 0 && page > totalPages) setPage(totalPages, { replace: true })
  }, [grid.isContinuous, paged.data, page, totalPages, setPage])

  const setLoadedRowsSelected = (isSelected: boolean) =>
    setRowSelection((old) => {
      const next = { ...old }
      for (const row of rows) {
        if (isSelected) next[String(row.rowIndex)] = true
        else delete next[String(row.rowIndex)]
      }
      return next
    })
  const selectedRowIndexes = useMemo(
    () => Object.keys(rowSelection).filter((key) => rowSelection[key]).map(Number).sort((a, b) => a - b),
    [rowSelection],
  )

  const hasFilters = grid.hasViewFilters || filters.length > 0
  const context = useMemo<GridContext>(() => ({ selectedRowIndexes, view, hasViewFilters: hasFilters }), [selectedRowIndexes, view, hasFilters])
  const [formulaDialog, setFormulaDialog] = useState<FormulaDialogTarget | null>(null)
  const { headerAction } = extensions
  const renderHeaderAction = useMemo(
    () => (column: UploadColumn) =>
      column.kind === 'formula' ? <FormulaHeaderMenu column={column} onEdit={() => setFormulaDialog({ kind: 'edit', column })} /> : headerAction?.(column, context),
    [headerAction, context, setFormulaDialog],
  )

  const updateCell = useUpdateCell(upload.id)
  const saveCell = async (rowIndex: number, column: string, value: string | null) => {
    try {
      await updateCell.mutateAsync({ rowIndex, column, value })
      return true
    } catch (error) {
      toast.error(GRID_MESSAGES.cellSaveFailed, { description: error instanceof Error ? error.message : undefined })
      return false
    }
  }

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = infinite
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [fetchNextPage, hasNextPage, isFetchingNextPage])

  const clearFilters = () => grid.clearViewFilters()

  return (
    <section aria-labelledby="rows-heading" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="rows-heading" className="text-lg font-semibold">
          {GRID_MESSAGES.gridLabel}
        </h2>
        {active.data && <p className="text-sm text-muted-foreground">{GRID_MESSAGES.summary(countText, columns.length)}</p>}
      </div>

      <GridToolbar search={grid.searchInput} onSearchChange={grid.setSearchInput}>
        <FilterPopover columns={columns} filters={filters} onAdd={(filter) => grid.setFilters([...filters, filter])} />
        <ColumnsMenu
          columns={upload.columns}
          actions={actions}
          columnAction={extensions.columnMenuAction}
          onAddFormula={() => setFormulaDialog({ kind: 'add' })}
          onEditFormula={(column) => setFormulaDialog({ kind: 'edit', column })}
        />
        <ExportMenu
          uploadId={upload.id}
          filename={upload.filename}
          view={view}
          viewCount={countText}
          selectedRowIndexes={selectedRowIndexes}
          columnKeys={columns.map((column) => column.key)}
          hasAiColumns={upload.columns.some((column) => column.kind === 'ai')}
          aiFilter={grid.aiFilter}
        />
        {upload.status === 'completed' && <AddRowDialog uploadId={upload.id} columns={upload.columns} />}
        {upload.status === 'completed' && <RemoveDuplicatesDialog uploadId={upload.id} filename={upload.filename} columns={upload.columns} />}
        {extensions.toolbarActions?.(context)}
      </GridToolbar>
      {grid.aiFilter && (
        <AiFilterBanner filter={grid.aiFilter} shown={firstPage ? countText : '…'} total={upload.validRows} onRemove={grid.removeAiFilter} />
      )}
      {extensions.banner}
      <FilterChips filters={filters} columns={upload.columns} onRemove={(index) => grid.setFilters(filters.filter((_, i) => i !== index))} onClear={() => grid.setFilters([])} />
      <SelectionBar uploadId={upload.id} rowIndexes={selectedRowIndexes} onClear={() => setRowSelection({})} />
      {highlight.isNotFound && highlight.requested !== null && <p className="text-sm text-muted-foreground">{GRID_MESSAGES.rowNotFound(highlight.requested + 1)}</p>}

      {active.isError && <GridError message={errorMessage(active.error, String(active.error))} onRetry={() => void active.refetch()} />}
      {active.isPending && !active.isError && <GridSkeleton />}
      {active.data && (
        <div aria-busy={active.isFetching} className="min-w-0">
          <DataGrid
            tableOptions={{ columns, sort, onSortChange: grid.setSort, rowSelection, onRowSelectionChange: setRowSelection, onColumnResized: actions.setWidth }}
            rows={rows}
            columns={columns}
            totalCount={isCountExact ? count : null}
            rowOffset={grid.isContinuous ? 0 : (grid.page - 1) * grid.perPage}
            highlightRowIndex={highlight.rowIndex}
            isSavingCell={updateCell.isPending}
            onSaveCell={saveCell}
            onMoveColumn={actions.move}
            onSelectLoadedRows={setLoadedRowsSelected}
            onNearEnd={grid.isContinuous ? loadMore : undefined}
            cellSlot={extensions.cell}
            rowUpdates={extensions.rowUpdates}
            renderHeaderAction={renderHeaderAction}
            onVisibleRowsChange={extensions.onVisibleRowsChange}
            emptyState={<GridEmpty hasFilters={hasFilters} onClearFilters={clearFilters} />}
          />
        </div>
      )}

      <GridFooter
        page={grid.page}
        totalPages={totalPages}
        hasNext={pager.hasNext}
        isLastPageKnown={paged.data?.isCountExact ?? true}
        perPage={grid.perPage}
        isContinuous={grid.isContinuous}
        onPageChange={grid.setPage}
        onPerPageChange={grid.setPerPage}
        onContinuousChange={grid.setIsContinuous}
      />
      {grid.isContinuous && infinite.data && (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {isFetchingNextPage ? GRID_MESSAGES.loadingMore : hasNextPage ? `${rows.length.toLocaleString('en-US')} / ${countText}` : GRID_MESSAGES.allLoaded(rows.length)}
        </p>
      )}
      {formulaDialog && (
        <Suspense fallback={null}>
          <FormulaColumnDialog
            uploadId={upload.id}
            columns={upload.columns}
            target={formulaDialog}
            isSaving={actions.isSavingFormula}
            onAdd={actions.addFormula}
            onChange={actions.changeFormula}
            onClose={() => setFormulaDialog(null)}
          />
        </Suspense>
      )}
    </section>
  )
}
