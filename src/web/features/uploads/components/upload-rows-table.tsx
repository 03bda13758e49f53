import { useState } from 'react'
import { CELL_TRUNCATE_CHARS, DEFAULT_PAGE_SIZE } from '#common/constants'
import { UPLOAD_DETAIL_MESSAGES } from '#common/messages'
import type { UploadDetail } from '#common/schemas/uploads'
import { SimplePager } from '#web/components/simple-pager'
import { Button } from '#web/components/ui/button'
import { Skeleton } from '#web/components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table'
import { useUploadRows } from '../api/get-upload-rows'
import { truncateCell } from '../lib/upload-detail-format'

/** A plain page-by-page view of the rows until the data grid lands. */
export function UploadRowsTable({ upload }: { upload: UploadDetail }) {
  const [page, setPage] = useState(1)
  const rows = useUploadRows(upload.id, { page, perPage: DEFAULT_PAGE_SIZE }, upload.status)
  const columns = upload.columns.filter((column) => !column.hidden).sort((a, b) => a.position - b.position)
  const totalPages = Math.max(1, rows.data?.totalPages ?? 1)

  return (
    <section aria-labelledby="rows-heading" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="rows-heading" className="text-lg font-semibold">
          Rows
        </h2>
        {rows.data && (
          <p className="text-sm text-muted-foreground">
            {rows.data.count.toLocaleString('en-US')} rows · {columns.length} columns
          </p>
        )}
      </div>

      {rows.isError && (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm">
          <span>{UPLOAD_DETAIL_MESSAGES.loadRowsFailed}</span>
          <Button size="sm" variant="outline" onClick={() => void rows.refetch()}>
            Try again
          </Button>
        </div>
      )}

      {rows.isPending && (
        <div className="grid gap-2" role="status" aria-label="Loading rows">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-8 w-full" />
          ))}
        </div>
      )}

      {rows.data && (
        <div className="rounded-md border" aria-busy={rows.isFetching}>
          <Table aria-labelledby="rows-heading">
            <TableHeader>
              <TableRow>
                <TableHead className="w-14 text-muted-foreground">#</TableHead>
                {columns.map((column) => (
                  <TableHead key={column.key} title={column.name}>
                    {truncateCell(column.name, CELL_TRUNCATE_CHARS)}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.data.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns.length + 1} className="py-8 text-center text-muted-foreground">
                    No rows yet.
                  </TableCell>
                </TableRow>
              )}
              {rows.data.data.map((row) => (
                <TableRow key={row.rowIndex}>
                  <TableCell className="text-muted-foreground">{row.rowIndex + 1}</TableCell>
                  {columns.map((column) => {
                    const value = row.values[column.key] ?? ''
                    return (
                      <TableCell key={column.key} title={value.length > CELL_TRUNCATE_CHARS ? value : undefined}>
                        {truncateCell(value, CELL_TRUNCATE_CHARS)}
                      </TableCell>
                    )
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}

      <SimplePager label="Row pages" page={page} totalPages={totalPages} onPageChange={setPage} />
    </section>
  )
}
