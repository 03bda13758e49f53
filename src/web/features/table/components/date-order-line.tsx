import { CalendarIcon } from 'lucide-react'
import { DATE_ORDER_MESSAGES } from '#common/messages'
import type { DateOrder, UploadColumn } from '#common/schemas/uploads'
import { Button } from '#web/components/ui/button'

/**
 * Under a date column's line in the Columns menu: how its day/month dates read (04/07/2024 as 4
 * July or April 7), why, and a switch to the other order.
 */
export function DateOrderLine({ column, isBusy, onSwitch }: { column: UploadColumn; isBusy: boolean; onSwitch: (order: DateOrder) => void }) {
  if (column.type !== 'date' || !column.dateOrder) return null
  const other: DateOrder = column.dateOrder === 'dmy' ? 'mdy' : 'dmy'
  const basis = column.dateOrderBasis ? DATE_ORDER_MESSAGES.basis[column.dateOrderBasis] : undefined
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1 pb-1.5 pl-8 text-xs text-muted-foreground" data-testid={`date-order-${column.key}`}>
      <CalendarIcon className="size-3.5 shrink-0" aria-hidden="true" />
      <span title={basis}>{DATE_ORDER_MESSAGES.readAs[column.dateOrder]}</span>
      <Button
        size="xs"
        variant="outline"
        disabled={isBusy}
        onClick={() => onSwitch(other)}
        aria-label={`${DATE_ORDER_MESSAGES.switchTo[other]}: ${column.name}`}
      >
        {DATE_ORDER_MESSAGES.switchTo[other]}
      </Button>
      {basis && <span className="basis-full">{basis}</span>}
    </li>
  )
}
