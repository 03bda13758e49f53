import {
  columnResizingFeature,
  columnSizingFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnSizingState,
  type RowSelectionState,
  type SortingState,
  type Updater,
  type columnResizingState,
} from '@tanstack/react-table'
import { useEffect, useMemo, useRef, useState } from 'react'
import { GRID } from '#common/constants'
import type { GridRow, RowSort } from '#common/schemas/rows'
import type { UploadColumn } from '#common/schemas/uploads'

export const gridFeatures = tableFeatures({ rowSortingFeature, columnSizingFeature, columnResizingFeature, rowSelectionFeature })
export type GridFeatures = typeof gridFeatures
export type GridColumnMeta = { column: UploadColumn }

const apply = <T,>(updater: Updater<T>, old: T): T => (typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater)

const emptyResizing: columnResizingState = {
  columnSizingStart: [],
  deltaOffset: null,
  deltaPercentage: null,
  isResizingColumn: false,
  startOffset: null,
  startSize: null,
}

export type UseGridTableOptions = {
  rows: GridRow[]
  columns: UploadColumn[]
  sort: RowSort | undefined
  onSortChange: (sort: RowSort | undefined) => void
  rowSelection: RowSelectionState
  onRowSelectionChange: (selection: RowSelectionState) => void
  /** Called once a drag on a resize handle ends, with the column's new width. */
  onColumnResized: (key: string, width: number) => void
}

/**
 * The TanStack Table instance behind the grid. The server does the sorting (manualSorting); the
 * table holds the sort cycle (ascending, descending, none), column widths while dragging, and the
 * selection keyed by row index so it survives paging.
 */
export function useGridTable({ rows, columns, sort, onSortChange, rowSelection, onRowSelectionChange, onColumnResized }: UseGridTableOptions) {
  const [sizingOverrides, setSizingOverrides] = useState<ColumnSizingState>({})
  const [resizing, setResizing] = useState<columnResizingState>(emptyResizing)
  const resizingRef = useRef<columnResizingState>(emptyResizing)
  const sizingRef = useRef<ColumnSizingState>({})

  const columnDefs = useMemo<ColumnDef<GridFeatures, GridRow>[]>(
    () =>
      columns.map((column) => ({
        id: column.key,
        accessorFn: (row: GridRow) => row.values[column.key] ?? '',
        header: column.name,
        size: column.width ?? GRID.defaultColumnWidthPx,
        minSize: GRID.minColumnWidthPx,
        maxSize: GRID.maxColumnWidthPx,
        sortDescFirst: false,
        meta: { column } satisfies GridColumnMeta,
      })),
    [columns],
  )

  const sorting: SortingState = sort ? [{ id: sort.column, desc: sort.direction === 'desc' }] : []
  // A width saved on the server wins over a local drag once the columns are read again.
  const columnSizing = useMemo(() => {
    const sizing: ColumnSizingState = {}
    for (const column of columns) {
      const override = sizingOverrides[column.key]
      if (override !== undefined && override !== column.width) sizing[column.key] = override
    }
    return sizing
  }, [columns, sizingOverrides])
  useEffect(() => {
    sizingRef.current = columnSizing
  }, [columnSizing])

  const table = useTable({
    features: gridFeatures,
    columns: columnDefs,
    data: rows,
    getRowId: (row) => String(row.rowIndex),
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: true,
    enableRowSelection: true,
    columnResizeMode: 'onChange',
    state: { sorting, rowSelection, columnSizing, columnResizing: resizing },
    onSortingChange: (updater) => {
      const next = apply(updater, sorting)[0]
      onSortChange(next ? { column: next.id, direction: next.desc ? 'desc' : 'asc' } : undefined)
    },
    onRowSelectionChange: (updater) => onRowSelectionChange(apply(updater, rowSelection)),
    onColumnSizingChange: (updater) => {
      // The ref moves at once: the drag's last size and its end can come before the next render.
      sizingRef.current = { ...sizingRef.current, ...apply(updater, sizingRef.current) }
      setSizingOverrides((old) => ({ ...old, ...sizingRef.current }))
    },
    onColumnResizingChange: (updater) => {
      const old = resizingRef.current
      const next = apply(updater, old)
      resizingRef.current = next
      setResizing(next)
      const ended = old.isResizingColumn
      if (ended && !next.isResizingColumn) {
        const width = sizingRef.current[ended]
        if (width !== undefined) onColumnResized(ended, Math.round(width))
      }
    },
  })

  return table
}


export type GridTable = ReturnType<typeof useGridTable>
