import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { GRID } from '#common/constants'
import { GRID_MESSAGES } from '#common/messages'
import type { GridRow } from '#common/schemas/rows'
import type { UploadColumn } from '#common/schemas/uploads'
import { Checkbox } from '#web/components/ui/checkbox'
import { useIsMobile } from '#web/hooks/use-mobile'
import { useGridTable, type UseGridTableOptions } from '../hooks/use-grid-table'
import { isTruncated } from '../lib/cell-text'
import { isEditableColumn } from '../lib/column-rules'
import type { CellSlot, RowUpdates } from '../lib/grid-extensions'
import { isNavigationKey, moveActiveCell, type ActiveCell } from '../lib/grid-navigation'
import { CellValueDialog } from './cell-value-dialog'
import { GridHeaderCell } from './grid-header-cell'
import { GridRowView } from './grid-row'

type DataGridProps = {
  tableOptions: Omit<UseGridTableOptions, 'rows'>
  rows: GridRow[]
  columns: UploadColumn[]
  /** Rows in the whole view (all pages); null when the server's count was capped. */
  totalCount: number | null
  /** Rows before the first loaded one (paged mode), for aria-rowindex. */
  rowOffset: number
  highlightRowIndex: number | null
  isSavingCell: boolean
  onSaveCell: (rowIndex: number, columnKey: string, value: string | null) => Promise<boolean>
  onMoveColumn: (moved: string, target: string) => void
  /** Selects (or clears) every loaded row: the rows in view (001 §2 select-all, Ctrl/Cmd+A). */
  onSelectLoadedRows: (isSelected: boolean) => void
  /** Continuous scroll: called when the user nears the last loaded row. */
  onNearEnd?: () => void
  emptyState?: ReactNode
  /** Another feature's cells (AI columns): their content and their detail panel. */
  cellSlot?: CellSlot
  /** Rows another feature just updated (live AI cells), highlighted for 1.5 s. */
  rowUpdates?: RowUpdates
  /** A control beside a column's name (the AI column's menu). */
  renderHeaderAction?: (column: UploadColumn) => ReactNode
  /** The row indexes in the window, each time it moves. */
  onVisibleRowsChange?: (rowIndexes: number[]) => void
}

const HEADER_HEIGHT = 40

/**
 * The virtualised grid (WAI-ARIA grid pattern): only the rows in sight are in the DOM, the header
 * and the first columns stay put, and one cell at a time is in the tab order (roving tabindex).
 */
export function DataGrid(props: DataGridProps) {
  const { tableOptions, rows, columns, totalCount, rowOffset, highlightRowIndex, onNearEnd, cellSlot, rowUpdates, onVisibleRowsChange } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const isMobile = useIsMobile()
  const [active, setActive] = useState<ActiveCell>({ row: 0, col: 1 })
  const [editing, setEditing] = useState<ActiveCell | null>(null)
  const [expanded, setExpanded] = useState<ActiveCell | null>(null)
  const [flashRowIndex, setFlashRowIndex] = useState<number | null>(null)
  const focusRequest = useRef(false)
  const scrolledHighlight = useRef<number | null>(null)

  // The virtualizer's methods change identity on purpose; this component is not compiler-memoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => GRID.rowHeightPx,
    overscan: GRID.overscanRows,
  })
  const virtualRows = virtualizer.getVirtualItems()
  // The table sees only the rows in the window: with continuous scroll, rebuilding its row model
  // for every loaded row on each new page cost a long task per page (measured at 6,000 rows).
  const windowStart = virtualRows[0]?.index ?? 0
  const windowEnd = (virtualRows.at(-1)?.index ?? -1) + 1
  const windowRows = useMemo(() => rows.slice(windowStart, windowEnd), [rows, windowStart, windowEnd])
  const table = useGridTable({ ...tableOptions, rows: windowRows })
  const tableRows = table.getRowModel().rows
  const isActiveRendered = active.row >= windowStart && active.row < windowEnd
  const selectedLoaded = useMemo(() => rows.filter((row) => tableOptions.rowSelection[String(row.rowIndex)]).length, [rows, tableOptions.rowSelection])
  const headers = table.getHeaderGroups()[0]?.headers ?? []
  // On a phone the row number and the pinned first column are narrower (the first column's own
  // width comes back on a wider screen).
  const widestRowNumber = useMemo(() => rows.reduce((widest, row) => Math.max(widest, row.rowIndex + 1), 0), [rows])
  const leadWidth = isMobile ? Math.max(GRID.mobileLeadColumnWidthPx, 36 + 7 * String(widestRowNumber).length) : GRID.leadColumnWidthPx
  const firstColumnMaxWidth = isMobile ? GRID.mobileFirstColumnMaxWidthPx : null
  const widthOf = (index: number, size: number) => (index === 0 && firstColumnMaxWidth !== null ? Math.min(size, firstColumnMaxWidth) : size)
  const dataWidth = headers.reduce((sum, header, index) => sum + widthOf(index, header.getSize()), 0)
  const totalWidth = leadWidth + dataWidth
  const colCount = columns.length + 1
  const lastVirtualIndex = virtualRows.at(-1)?.index ?? -1

  const windowKey = windowRows.map((row) => row.rowIndex).join(',')
  useEffect(() => {
    if (onVisibleRowsChange) onVisibleRowsChange(windowKey === '' ? [] : windowKey.split(',').map(Number))
  }, [onVisibleRowsChange, windowKey])

  useEffect(() => {
    if (onNearEnd && rows.length > 0 && lastVirtualIndex >= rows.length - GRID.loadMoreThresholdRows) onNearEnd()
  }, [onNearEnd, lastVirtualIndex, rows.length])

  // A column just added (a new AI column, a manual one) is scrolled into sight: it comes last,
  // usually beyond the right edge, where the user would not see it fill in.
  const knownColumnKeys = useRef<Set<string> | null>(null)
  const columnEdges = useRef<number[]>([])
  useEffect(() => {
    let edge = leadWidth
    columnEdges.current = headers.map((header, index) => (edge += widthOf(index, header.getSize())))
  })
  useEffect(() => {
    const keys = columns.map((column) => column.key)
    const known = knownColumnKeys.current
    knownColumnKeys.current = new Set(keys)
    const added = known ? keys.findIndex((key) => !known.has(key)) : -1
    const element = scrollRef.current
    const right = columnEdges.current[added]
    if (added < 0 || !element || right === undefined) return
    if (right > element.scrollLeft + element.clientWidth) element.scrollTo({ left: right - element.clientWidth, behavior: 'smooth' })
  }, [columns])

  // The row named by the navigation state: scroll it into the middle once its page is loaded.
  const highlightPosition = highlightRowIndex === null ? -1 : rows.findIndex((row) => row.rowIndex === highlightRowIndex)
  useEffect(() => {
    if (highlightPosition < 0 || scrolledHighlight.current === highlightRowIndex) return
    scrolledHighlight.current = highlightRowIndex
    virtualizer.scrollToIndex(highlightPosition, { align: 'center' })
    setActive((cell) => ({ ...cell, row: highlightPosition }))
    // The grid may start below the fold (the panels above it): the window scrolls too, by as little
    // as shows the row (scrollIntoView would also move the app shell's sticky bar).
    const reveal = (framesLeft: number) => {
      const row = scrollRef.current?.querySelector<HTMLElement>(`[data-row-index="${highlightRowIndex}"]`)
      // The virtualizer draws the row a frame or two after its scroll.
      if (!row) return framesLeft > 0 && requestAnimationFrame(() => reveal(framesLeft - 1))
      const { top, bottom } = row.getBoundingClientRect()
      if (bottom > window.innerHeight) window.scrollBy({ top: bottom - window.innerHeight + row.offsetHeight * 2 })
      else if (top < 0) window.scrollBy({ top: top - row.offsetHeight * 2 })
    }
    requestAnimationFrame(() => reveal(10))
  }, [highlightPosition, highlightRowIndex, virtualizer])

  useLayoutEffect(() => {
    if (!focusRequest.current) return
    focusRequest.current = false
    virtualizer.scrollToIndex(active.row)
    requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${active.row}:${active.col}"]`)?.focus())
  }, [active, editing, virtualizer])

  // Stable handlers: a scroll re-renders only the rows that come into sight (GridRowView is memoised).
  const latest = useRef({ rows, columns, onSaveCell: props.onSaveCell, cellSlot })
  useEffect(() => {
    latest.current = { rows, columns, onSaveCell: props.onSaveCell, cellSlot }
  })
  const moveTo = useCallback((cell: ActiveCell, focus = true) => {
    focusRequest.current = focus
    setActive(cell)
  }, [])
  const activate = useCallback((row: number, col: number) => moveTo({ row, col }, false), [moveTo])
  const expand = useCallback((row: number, col: number) => {
    const { rows, columns, cellSlot } = latest.current
    const column = columns[col - 1]
    const target = rows[row]
    if (column && target && cellSlot?.canOpen(column)) cellSlot.open(column, target.rowIndex)
    else setExpanded({ row, col })
  }, [])
  const startEdit = useCallback((row: number, col: number) => {
    const column = latest.current.columns[col - 1]
    if (!column || !(isEditableColumn(column) || latest.current.cellSlot?.canEdit?.(column))) return
    setActive({ row, col })
    setEditing({ row, col })
  }, [])
  const stopEdit = useCallback(() => {
    focusRequest.current = true
    setEditing(null)
  }, [])
  const saveCell = useCallback(
    (row: number, col: number, value: string | null) => {
      const target = latest.current.rows[row]
      const column = latest.current.columns[col - 1]
      if (!target || !column) return
      void latest.current.onSaveCell(target.rowIndex, column.key, value).then((isSaved) => {
        if (!isSaved) return
        stopEdit()
        setFlashRowIndex(target.rowIndex)
      })
    },
    [stopEdit],
  )

  useEffect(() => {
    if (flashRowIndex === null) return
    const timer = setTimeout(() => setFlashRowIndex(null), GRID.updatedRowFlashMs)
    return () => clearTimeout(timer)
  }, [flashRowIndex])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing || (event.target as HTMLElement).closest('input, select, textarea')) return
    if (rows.length === 0) return
    const row = tableRows[active.row - windowStart]
    if (isNavigationKey(event.key)) {
      event.preventDefault()
      const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / GRID.rowHeightPx) - 1)
      moveTo(moveActiveCell(active, event.key, { rowCount: rows.length, colCount, pageRows }, event.ctrlKey || event.metaKey))
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault()
      props.onSelectLoadedRows(true)
    } else if (event.key === ' ' && row) {
      event.preventDefault()
      row.toggleSelected()
    } else if (event.key === 'Enter' && row) {
      event.preventDefault()
      const column = columns[active.col - 1]
      if (active.col === 0) row.toggleSelected()
      else if (column && isEditableColumn(column)) startEdit(active.row, active.col)
      else if (column && cellSlot?.canOpen(column)) cellSlot.open(column, row.original.rowIndex)
      else if (column && isTruncated(row.original.values[column.key] ?? '')) setExpanded(active)
    } else if (event.key === 'F2' && row && active.col > 0) {
      // An AI cell opens its details on Enter; F2 (as in spreadsheets) edits it, a correction.
      event.preventDefault()
      startEdit(active.row, active.col)
    }
  }

  const expandedRow = expanded ? rows[expanded.row] : undefined
  const expandedColumn = expanded ? columns[expanded.col - 1] : undefined
  const gridHeight = HEADER_HEIGHT + Math.max(virtualizer.getTotalSize(), rows.length === 0 ? 160 : 0) + 14

  return (
    <>
      <div
        ref={scrollRef}
        role="grid"
        aria-label={GRID_MESSAGES.gridLabel}
        aria-rowcount={totalCount === null ? -1 : totalCount + 1}
        aria-colcount={colCount}
        aria-multiselectable="true"
        onKeyDown={onKeyDown}
        // The active cell holds the grid's tab stop; scrolled out of the DOM, the grid takes it and
        // hands focus to the first row in sight.
        tabIndex={isActiveRendered || rows.length === 0 ? -1 : 0}
        onFocus={(event) => {
          if (event.target === event.currentTarget && !isActiveRendered) moveTo({ row: virtualizer.range?.startIndex ?? windowStart, col: active.col })
        }}
        // A cell reached by the keyboard or opened for editing scrolls clear of the pinned columns.
        // `isolate`: the pinned cells' z-indexes stay inside the grid, under the app's sticky top bar (issue 30 §8).
        style={{ height: `min(70vh, ${gridHeight}px)`, scrollPaddingLeft: leadWidth + widthOf(0, headers[0]?.getSize() ?? 0) }}
        className="relative isolate min-h-48 overflow-auto overscroll-contain rounded-md border bg-background"
      >
        <div role="rowgroup" className="sticky top-0 z-30" style={{ width: totalWidth, minWidth: '100%' }}>
          <div role="row" aria-rowindex={1} className="flex bg-muted">
            <div
              role="columnheader"
              aria-colindex={1}
              style={{ width: leadWidth }}
              className="sticky left-0 z-20 flex h-10 shrink-0 items-center gap-1 border-r border-b bg-muted px-2 text-sm font-medium md:gap-2 md:px-3"
            >
              <Checkbox
                checked={rows.length > 0 && selectedLoaded === rows.length ? true : selectedLoaded > 0 ? 'indeterminate' : false}
                onCheckedChange={(checked) => props.onSelectLoadedRows(checked === true)}
                aria-label={GRID_MESSAGES.selectAllInView}
                disabled={rows.length === 0}
              />
              <span>{GRID_MESSAGES.rowNumber}</span>
            </div>
            {headers.map((header, index) => (
              <GridHeaderCell
                key={header.id}
                header={header}
                colIndex={index + 2}
                isSticky={index === 0}
                style={{ width: widthOf(index, header.getSize()), left: index === 0 ? leadWidth : undefined }}
                onMoveColumn={props.onMoveColumn}
                action={props.renderHeaderAction?.((header.column.columnDef.meta as { column: UploadColumn }).column)}
              />
            ))}
            <div className="flex-1 border-b" aria-hidden="true" />
          </div>
        </div>
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize(), width: totalWidth, minWidth: '100%' }}>
          {virtualRows.map((virtualRow) => {
            const row = tableRows[virtualRow.index - windowStart]
            if (!row) return null
            return (
              <GridRowView
                key={row.id}
                row={row}
                position={virtualRow.index}
                ariaRowIndex={rowOffset + virtualRow.index + 2}
                top={virtualRow.start}
                width={totalWidth}
                isSelected={row.getIsSelected()}
                isHighlighted={row.original.rowIndex === highlightRowIndex || row.original.rowIndex === flashRowIndex}
                activeCol={active.row === virtualRow.index ? active.col : null}
                editingCol={editing?.row === virtualRow.index ? editing.col : null}
                isSaving={props.isSavingCell}
                leadWidth={leadWidth}
                firstColumnMaxWidth={firstColumnMaxWidth}
                onActivate={activate}
                onStartEdit={startEdit}
                onExpand={expand}
                onSave={saveCell}
                onCancelEdit={stopEdit}
                cellSlot={cellSlot}
                rowUpdates={rowUpdates}
              />
            )
          })}
        </div>
        {rows.length === 0 && props.emptyState}
      </div>
      {expandedRow && expandedColumn && (
        <CellValueDialog
          title={GRID_MESSAGES.cellValueTitle(expandedColumn.name, expandedRow.rowIndex + 1)}
          value={expandedRow.values[expandedColumn.key] ?? ''}
          onClose={() => {
            setExpanded(null)
            focusRequest.current = true
            setActive((cell) => ({ ...cell }))
          }}
        />
      )}
    </>
  )
}
