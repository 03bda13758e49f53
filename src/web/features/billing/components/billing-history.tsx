import { ReceiptIcon } from 'lucide-react'
import { SUBSCRIPTION_PAGE_MESSAGES } from '#common/messages'
import { Badge } from '#web/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card'
import { Skeleton } from '#web/components/ui/skeleton'
import { useInvoices } from '../api/get-invoices'

function money(cents: number, currency: string) {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100)
}

/** Invoices from Stripe when it is configured; the empty state otherwise. */
export function BillingHistory() {
  const { data, isPending, isError } = useInvoices()
  const invoices = data?.invoices ?? []

  return (
    <Card>
      <CardHeader>
        <CardTitle>{SUBSCRIPTION_PAGE_MESSAGES.billingHistory}</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending && <Skeleton className="h-16 w-full" />}
        {isError && <p className="text-sm text-muted-foreground">Invoices could not be loaded.</p>}
        {data && invoices.length === 0 && (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <ReceiptIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{SUBSCRIPTION_PAGE_MESSAGES.billingHistoryEmpty}</p>
            <p className="text-sm text-muted-foreground">{SUBSCRIPTION_PAGE_MESSAGES.billingHistoryEmptyBody}</p>
          </div>
        )}
        {invoices.length > 0 && (
          <ul className="divide-y">
            {invoices.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="font-medium">{invoice.number ?? invoice.id}</span>
                <span className="text-muted-foreground">{new Date(invoice.created_at).toLocaleDateString('en-US')}</span>
                <span className="tabular-nums">{money(invoice.amount_paid || invoice.amount_due, invoice.currency)}</span>
                <Badge variant={invoice.status === 'paid' ? 'secondary' : 'outline'}>{invoice.status ?? 'unknown'}</Badge>
                {invoice.hosted_invoice_url && (
                  <a className="text-primary underline-offset-4 hover:underline" href={invoice.hosted_invoice_url} target="_blank" rel="noreferrer">
                    View
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
