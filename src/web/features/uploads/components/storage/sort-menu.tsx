import { ArrowUpDownIcon } from 'lucide-react'
import { WORKSPACE_SORT_LABELS, WORKSPACE_SORTS } from '#common/constants'
import { FOLDER_MESSAGES } from '#common/messages'
import type { WorkspaceSort } from '#common/schemas/folders'
import { Button } from '#web/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu'

/** The six sort options of a File Storage grid (001 §9). */
export function SortMenu({ label, value, onChange }: { label: string; value: WorkspaceSort; onChange: (sort: WorkspaceSort) => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`${label}: ${WORKSPACE_SORT_LABELS[value]}`}>
          <ArrowUpDownIcon aria-hidden="true" />
          <span className="hidden sm:inline">{WORKSPACE_SORT_LABELS[value]}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{FOLDER_MESSAGES.sortBy}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={value} onValueChange={(next) => onChange(next as WorkspaceSort)}>
          {WORKSPACE_SORTS.map((sort) => (
            <DropdownMenuRadioItem key={sort} value={sort}>
              {WORKSPACE_SORT_LABELS[sort]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
