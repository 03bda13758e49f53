import { useState } from 'react'
import { SUBSCRIPTION_PAGE_MESSAGES } from '#common/messages'
import { SimplePager } from '#web/components/simple-pager'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card'
import { Skeleton } from '#web/components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table'
import { formatRelativeTime } from '#web/lib/relative-time'
import { cn } from '#web/lib/cn'
import { useCreditTransactions } from '../api/get-credit-transactions'
import { describeUsageEntry } from '../lib/usage-entry'

const PER_PAGE = 10

/** The ledger, newest first: an AI run is one line with its cells charged and refunded and its net credits. */
export function UsageHistory() {
  const [page, setPage] = useState(1)
  const { data, isPending, isError } = useCreditTransactions({ page, perPage: PER_PAGE })

  return (
    <Card>
      <CardHeader>
        <CardTitle>{SUBSCRIPTION_PAGE_MESSAGES.usageHistory}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {isPending && <Skeleton className="h-24 w-full" />}
        {isError && <p className="text-sm text-muted-foreground">Usage history could not be loaded.</p>}
        {data && data.data.length === 0 && <p className="text-sm text-muted-foreground">{SUBSCRIPTION_PAGE_MESSAGES.usageHistoryEmpty}</p>}
        {data && data.data.length > 0 && (
          <div className="overflow-x-auto">
            <Table aria-label={SUBSCRIPTION_PAGE_MESSAGES.usageHistory}>
              <TableHeader>
                <TableRow>
                  <TableHead>Activity</TableHead>
                  <TableHead className="text-right">Credits</TableHead>
                  {/* A phone has room for three columns: the balance is in the header's badge. */}
                  <TableHead className="hidden text-right sm:table-cell">Balance</TableHead>
                  <TableHead className="text-right">When</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.data.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell className="whitespace-normal">{describeUsageEntry(row)}</TableCell>
                    <TableCell className={cn('text-right tabular-nums', row.amount < 0 ? 'text-foreground' : 'text-green-700 dark:text-green-400')}>
                      {row.amount > 0 ? `+${row.amount.toLocaleString('en-US')}` : row.amount.toLocaleString('en-US')}
                    </TableCell>
                    <TableCell className="hidden text-right tabular-nums sm:table-cell">{row.balance_after.toLocaleString('en-US')}</TableCell>
                    <TableCell className="text-right whitespace-normal text-muted-foreground">{formatRelativeTime(row.created_at)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        {data && <SimplePager label="Usage history pages" page={data.page} totalPages={data.totalPages} onPageChange={setPage} />}
      </CardContent>
    </Card>
  )
}
