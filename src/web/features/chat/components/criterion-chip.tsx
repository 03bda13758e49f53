import { PencilIcon, XIcon } from 'lucide-react'
import { useState } from 'react'
import { CHAT_MESSAGES } from '#common/messages'
import { PLAN_OPERATOR_LABELS } from '#common/plan-text'
import { PLAN_OPERATORS, type ColumnCondition, type Condition, type PlanOperator } from '#common/schemas/plans'
import { Button } from '#web/components/ui/button'
import { FORMULA_LIMITS } from '#common/schemas/formula'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { Popover, PopoverContent, PopoverTrigger } from '#web/components/ui/popover'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select'
import { Textarea } from '#web/components/ui/textarea'
import { conditionOf, draftOf, isListOperator, needsOperand, type CriterionChip as Chip, type CriterionDraft } from '../lib/criteria'

/** The column choice that turns the criterion into a condition on a formula. */
const FORMULA_CHOICE = '__rowcraft_formula__'

type CriterionChipProps = {
  chip: Chip
  /** The file's column names, for the editor's column choice. */
  columnNames: string[]
  isBusy: boolean
  onChange: (next: Condition) => void
  onRemove: () => void
}

/**
 * One filter criterion of an answer: a condition on a column or a formula opens an editor (column
 * or formula, operator, value);
 * a nested group shows its sentence with remove only. Either change re-runs the plan at once, free.
 */
export function CriterionChip({ chip, columnNames, isBusy, onChange, onRemove }: CriterionChipProps) {
  return (
    <li className="flex max-w-full items-center gap-0.5 rounded-full border bg-muted py-0.5 pr-1 pl-3 text-xs">
      <span className="min-w-0 break-words">{chip.text}</span>
      {chip.isEditable && (
        <CriterionEditor condition={chip.condition as ColumnCondition} text={chip.text} columnNames={columnNames} isBusy={isBusy} onChange={onChange} />
      )}
      <button
        type="button"
        aria-label={`${CHAT_MESSAGES.removeCriterion}: ${chip.text}`}
        disabled={isBusy}
        onClick={onRemove}
        className="shrink-0 rounded-full p-1 text-muted-foreground hover:bg-background hover:text-foreground disabled:opacity-50"
      >
        <XIcon className="size-3.5" aria-hidden="true" />
      </button>
    </li>
  )
}

function CriterionEditor({
  condition,
  text,
  columnNames,
  isBusy,
  onChange,
}: {
  condition: ColumnCondition
  text: string
  columnNames: string[]
  isBusy: boolean
  onChange: (next: Condition) => void
}) {
  const [isOpen, setIsOpen] = useState(false)
  const [draft, setDraft] = useState<CriterionDraft>(() => draftOf(condition))
  const checked = conditionOf(draft)
  const error = 'error' in checked ? checked.error : null
  // The plan may name a column in other letters than the file does: keep it as a choice.
  const named = 'column' in condition ? condition.column : ''
  const names = !named || columnNames.some((name) => name.toLowerCase() === named.toLowerCase()) ? columnNames : [named, ...columnNames]
  const isFormula = draft.formula !== undefined
  const columnValue = isFormula ? FORMULA_CHOICE : (names.find((name) => name.toLowerCase() === draft.column.toLowerCase()) ?? draft.column)

  return (
    <Popover
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open)
        if (open) setDraft(draftOf(condition))
      }}
    >
      <PopoverTrigger asChild>
        <button
          type="button"
          aria-label={`${CHAT_MESSAGES.editCriterion}: ${text}`}
          disabled={isBusy}
          className="shrink-0 rounded-full p-1 text-muted-foreground hover:bg-background hover:text-foreground disabled:opacity-50"
        >
          <PencilIcon className="size-3.5" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      <PopoverContent align="start" collisionPadding={8} className="w-80 max-w-[calc(100vw-2rem)]" aria-label={CHAT_MESSAGES.editCriterion}>
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault()
            if ('condition' in checked) {
              onChange(checked.condition)
              setIsOpen(false)
            }
          }}
        >
          <p className="text-sm font-medium">{CHAT_MESSAGES.editCriterion}</p>
          <div className="grid gap-1.5">
            <Label htmlFor="criterion-column">{CHAT_MESSAGES.criterionColumn}</Label>
            <Select
              value={columnValue}
              onValueChange={(choice) =>
                setDraft(choice === FORMULA_CHOICE ? { ...draft, formula: draft.formula ?? (draft.column ? `{${draft.column}}` : '') } : { ...draft, column: choice, formula: undefined })
              }
            >
              <SelectTrigger id="criterion-column" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {names.map((name) => (
                  <SelectItem key={name} value={name}>
                    {name}
                  </SelectItem>
                ))}
                <SelectItem value={FORMULA_CHOICE}>{CHAT_MESSAGES.criterionFormulaChoice}</SelectItem>
              </SelectContent>
            </Select>
          </div>
          {isFormula && (
            <div className="grid gap-1.5">
              <Label htmlFor="criterion-formula">{CHAT_MESSAGES.criterionFormula}</Label>
              <Textarea
                id="criterion-formula"
                value={draft.formula}
                rows={2}
                maxLength={FORMULA_LIMITS.maxLength}
                spellCheck={false}
                className="font-mono text-xs"
                onChange={(event) => setDraft({ ...draft, formula: event.target.value })}
              />
            </div>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor="criterion-operator">{CHAT_MESSAGES.criterionOperator}</Label>
            <Select value={draft.op} onValueChange={(op) => setDraft({ ...draft, op: op as PlanOperator })}>
              <SelectTrigger id="criterion-operator" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PLAN_OPERATORS.map((op) => (
                  <SelectItem key={op} value={op}>
                    {PLAN_OPERATOR_LABELS[op]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {needsOperand(draft.op) && (
            <div className="grid gap-1.5">
              <Label htmlFor="criterion-value">{draft.op === 'between' ? CHAT_MESSAGES.criterionLow : CHAT_MESSAGES.criterionValue}</Label>
              <Input
                id="criterion-value"
                value={draft.value}
                maxLength={isListOperator(draft.op) ? 5000 : 500}
                placeholder={isListOperator(draft.op) ? CHAT_MESSAGES.criterionListHint : undefined}
                onChange={(event) => setDraft({ ...draft, value: event.target.value })}
              />
            </div>
          )}
          {draft.op === 'between' && (
            <div className="grid gap-1.5">
              <Label htmlFor="criterion-high">{CHAT_MESSAGES.criterionHigh}</Label>
              <Input id="criterion-high" value={draft.high} maxLength={500} onChange={(event) => setDraft({ ...draft, high: event.target.value })} />
            </div>
          )}
          {error && <p className="text-xs text-muted-foreground">{error}</p>}
          <Button type="submit" size="sm" disabled={Boolean(error) || isBusy}>
            {CHAT_MESSAGES.applyCriterion}
          </Button>
        </form>
      </PopoverContent>
    </Popover>
  )
}
