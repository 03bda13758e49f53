import { FilterIcon, PlusIcon } from 'lucide-react'
import { useState } from 'react'
import { GRID_MESSAGES } from '#common/messages'
import { filterOperatorSchema, type FilterOperator, type RowFilter } from '#common/schemas/rows'
import type { UploadColumn } from '#common/schemas/uploads'
import { Badge } from '#web/components/ui/badge'
import { Button } from '#web/components/ui/button'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { Popover, PopoverContent, PopoverTrigger } from '#web/components/ui/popover'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select'
import { canAddFilter, needsValue, toRowFilter, type FilterDraft } from '../lib/filter-chip'

const emptyDraft: FilterDraft = { column: '', operator: 'contains', value: '' }

/** 'Add Filter' (001 §2, §5): column, condition and value; filters apply together (AND) on the server. */
export function FilterPopover({ columns, filters, onAdd }: { columns: UploadColumn[]; filters: RowFilter[]; onAdd: (filter: RowFilter) => void }) {
  const [isOpen, setIsOpen] = useState(false)
  const [draft, setDraft] = useState<FilterDraft>(emptyDraft)
  const canAdd = canAddFilter(draft)

  return (
    <Popover
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open)
        if (open) setDraft(emptyDraft)
      }}
    >
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm">
          <FilterIcon aria-hidden="true" />
          {GRID_MESSAGES.filter}
          {filters.length > 0 && <Badge variant="secondary">{filters.length}</Badge>}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-80" aria-label={GRID_MESSAGES.addFilter}>
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault()
            if (!canAdd) return
            onAdd(toRowFilter(draft))
            setIsOpen(false)
          }}
        >
          <p className="text-sm font-medium">{GRID_MESSAGES.addFilter}</p>
          <div className="grid gap-1.5">
            <Label htmlFor="filter-column">{GRID_MESSAGES.filterColumn}</Label>
            <Select value={draft.column} onValueChange={(column) => setDraft({ ...draft, column })}>
              <SelectTrigger id="filter-column" className="w-full">
                <SelectValue placeholder={GRID_MESSAGES.filterColumn} />
              </SelectTrigger>
              <SelectContent>
                {columns.map((column) => (
                  <SelectItem key={column.key} value={column.key}>
                    {column.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="filter-operator">{GRID_MESSAGES.filterCondition}</Label>
            <Select value={draft.operator} onValueChange={(operator) => setDraft({ ...draft, operator: operator as FilterOperator })}>
              <SelectTrigger id="filter-operator" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {filterOperatorSchema.options.map((operator) => (
                  <SelectItem key={operator} value={operator}>
                    {GRID_MESSAGES.operators[operator]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {needsValue(draft.operator) && (
            <div className="grid gap-1.5">
              <Label htmlFor="filter-value">{GRID_MESSAGES.filterValue}</Label>
              <Input
                id="filter-value"
                value={draft.value}
                maxLength={500}
                placeholder={GRID_MESSAGES.filterValuePlaceholder}
                onChange={(event) => setDraft({ ...draft, value: event.target.value })}
              />
            </div>
          )}
          {!canAdd && <p className="text-xs text-muted-foreground">{GRID_MESSAGES.filterNeedsColumnAndValue}</p>}
          <Button type="submit" size="sm" disabled={!canAdd}>
            <PlusIcon aria-hidden="true" />
            {GRID_MESSAGES.addFilter}
          </Button>
        </form>
      </PopoverContent>
    </Popover>
  )
}
