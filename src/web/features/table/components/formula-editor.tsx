import { FORMULA_EDITOR_MESSAGES } from '#common/messages'
import type { FormulaProblem } from '#common/formula/parse'
import { SuggestionTextarea } from '#web/components/suggestion-textarea'
import { formulaSuggestions } from '../lib/formula-suggestions'

type FormulaEditorProps = {
  id: string
  value: string
  onChange: (value: string) => void
  columnNames: string[]
  /** Where the formula goes wrong, from the browser's checker or the server's answer. */
  problem: FormulaProblem | { message: string } | null
  hintId: string
}

/**
 * The formula box: `{` lists the columns, a word the functions with their signature (the prompt
 * editor's keys: arrows, Enter or Tab, Escape); what is wrong shows under it as the user types,
 * with the place (`character 14: unknown function LWOER`) and the text there.
 */
export function FormulaEditor({ id, value, onChange, columnNames, problem, hintId }: FormulaEditorProps) {
  const errorId = `${id}-error`
  const at = problem && 'at' in problem ? problem.at : null
  return (
    <div className="grid gap-1.5">
      <SuggestionTextarea
        id={id}
        value={value}
        onChange={onChange}
        suggest={(text, caret) => formulaSuggestions(columnNames, text, caret)}
        listLabel={FORMULA_EDITOR_MESSAGES.suggestionsLabel}
        emptyText={FORMULA_EDITOR_MESSAGES.noColumnMatches}
        placeholder={FORMULA_EDITOR_MESSAGES.formulaPlaceholder}
        describedBy={problem ? `${errorId} ${hintId}` : hintId}
        isInvalid={problem !== null}
        rows={3}
        spellCheck={false}
        className="min-h-20 font-mono text-sm"
      />
      <p id={errorId} role="status" aria-live="polite" className="min-h-5 text-sm text-destructive">
        {problem && (
          <>
            {problem.message}
            {at !== null && at < value.length && (
              <span className="ml-2 font-mono text-xs text-muted-foreground" aria-hidden="true">
                {value.slice(Math.max(0, at - 12), at)}
                <mark className="rounded-sm bg-destructive/15 px-0.5 text-destructive">{value.slice(at, at + 1)}</mark>
                {value.slice(at + 1, at + 12)}
              </span>
            )}
          </>
        )}
      </p>
    </div>
  )
}
