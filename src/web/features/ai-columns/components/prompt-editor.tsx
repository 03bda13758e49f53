import { AI_COLUMN_MESSAGES } from '#common/messages'
import { SuggestionTextarea } from '#web/components/suggestion-textarea'
import { mentionSuggestions } from '../lib/prompt-mentions'

type PromptEditorProps = {
  id: string
  value: string
  onChange: (value: string) => void
  columnNames: string[]
  describedBy?: string
  isInvalid?: boolean
}

/**
 * The prompt box (001 §5): typing `@` lists the columns filtered by the text after it; arrow keys
 * move, Enter, Tab or a click insert `{Column Name}`; Escape or a space closes the list.
 */
export function PromptEditor({ id, value, onChange, columnNames, describedBy, isInvalid }: PromptEditorProps) {
  return (
    <SuggestionTextarea
      id={id}
      value={value}
      onChange={onChange}
      suggest={(text, caret) => mentionSuggestions(columnNames, text, caret)}
      listLabel={AI_COLUMN_MESSAGES.suggestionsLabel}
      emptyText={AI_COLUMN_MESSAGES.noColumnMatches}
      placeholder={AI_COLUMN_MESSAGES.promptPlaceholder}
      describedBy={describedBy}
      isInvalid={isInvalid}
    />
  )
}
