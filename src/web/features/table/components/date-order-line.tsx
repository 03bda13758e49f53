import { CalendarIcon, TriangleAlertIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { DATE_ORDER_MESSAGES } from '#common/messages'
import type { DateOrder, DateOrderCheck, UploadColumn } from '#common/schemas/uploads'
import { Button } from '#web/components/ui/button'
import { errorMessage } from '#web/lib/api-client'

/**
 * Under a date column's line in the Columns menu: how its day/month dates read (04/07/2024 as 4
 * July or April 7), why, and a switch to the other order. When some of the column's dates
 * contradict the other order (15/03/2024 cannot be month first), the server's count is shown and
 * the switch waits for the user's 'Switch anyway' (issue 44).
 */
export function DateOrderLine({
  column,
  isBusy,
  onCheck,
  onSwitch,
}: {
  column: UploadColumn
  isBusy: boolean
  onCheck: (order: DateOrder) => Promise<DateOrderCheck>
  onSwitch: (order: DateOrder) => void
}) {
  const [isChecking, setIsChecking] = useState(false)
  const [pending, setPending] = useState<DateOrderCheck | null>(null)
  if (column.type !== 'date' || !column.dateOrder) return null
  const other: DateOrder = column.dateOrder === 'dmy' ? 'mdy' : 'dmy'
  const basis = column.dateOrderBasis ? DATE_ORDER_MESSAGES.basis[column.dateOrderBasis] : undefined

  const askThenSwitch = async () => {
    setIsChecking(true)
    try {
      const check = await onCheck(other)
      if (check.misfits > 0) setPending(check)
      else onSwitch(other)
    } catch (error) {
      toast.error(DATE_ORDER_MESSAGES.switchFailed, { description: errorMessage(error, undefined) })
    } finally {
      setIsChecking(false)
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1 pb-1.5 pl-8 text-xs text-muted-foreground" data-testid={`date-order-${column.key}`}>
      <CalendarIcon className="size-3.5 shrink-0" aria-hidden="true" />
      <span title={basis}>{DATE_ORDER_MESSAGES.readAs[column.dateOrder]}</span>
      <Button
        size="xs"
        variant="outline"
        disabled={isBusy || isChecking || pending !== null}
        onClick={() => void askThenSwitch()}
        aria-label={`${DATE_ORDER_MESSAGES.switchTo[other]}: ${column.name}`}
      >
        {isChecking ? DATE_ORDER_MESSAGES.checking : DATE_ORDER_MESSAGES.switchTo[other]}
      </Button>
      {basis && <span className="basis-full">{basis}</span>}
      {pending && (
        <div role="alert" className="grid basis-full gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
          <p className="flex gap-1.5">
            <TriangleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span>{DATE_ORDER_MESSAGES.misfits(pending.misfits, pending.dates, pending.order, pending.example)}</span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="xs"
              variant="destructive"
              disabled={isBusy}
              onClick={() => {
                setPending(null)
                onSwitch(pending.order)
              }}
            >
              {DATE_ORDER_MESSAGES.switchAnyway}
            </Button>
            <Button size="xs" variant="outline" onClick={() => setPending(null)}>
              {DATE_ORDER_MESSAGES.keepOrder}
            </Button>
          </div>
        </div>
      )}
    </li>
  )
}
