import { PlusIcon, XIcon } from 'lucide-react'
import { AI_COLUMN_MESSAGES } from '#common/messages'
import { aiJsonFieldTypeSchema, type AiJsonField, type AiOutputKind } from '#common/schemas/enrichment'
import { Button } from '#web/components/ui/button'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select'
import { Textarea } from '#web/components/ui/textarea'
import { OUTPUT_KINDS, type OutputTypeDraft } from '../lib/output-type-draft'

/** The typed output: text, number, yes/no, one of a list, URL, e-mail, or JSON with named fields. */
export function OutputTypePicker({ draft, onChange }: { draft: OutputTypeDraft; onChange: (draft: OutputTypeDraft) => void }) {
  const setField = (index: number, change: Partial<AiJsonField>) =>
    onChange({ ...draft, jsonFields: draft.jsonFields.map((field, i) => (i === index ? { ...field, ...change } : field)) })

  return (
    <div className="grid gap-2">
      <Label htmlFor="ai-output-kind">{AI_COLUMN_MESSAGES.outputType}</Label>
      <Select value={draft.kind} onValueChange={(kind) => onChange({ ...draft, kind: kind as AiOutputKind })}>
        <SelectTrigger id="ai-output-kind" className="w-full sm:w-64" aria-label={AI_COLUMN_MESSAGES.outputType}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {OUTPUT_KINDS.map((kind) => (
            <SelectItem key={kind} value={kind}>
              {AI_COLUMN_MESSAGES.outputKinds[kind]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>

      {draft.kind === 'choice' && (
        <div className="grid gap-1.5">
          <Label htmlFor="ai-output-choices">{AI_COLUMN_MESSAGES.choicesLabel}</Label>
          <Textarea id="ai-output-choices" rows={3} value={draft.choicesText} placeholder={'Small\nMedium\nLarge'} onChange={(event) => onChange({ ...draft, choicesText: event.target.value })} />
        </div>
      )}

      {draft.kind === 'json' && (
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 text-sm font-medium">{AI_COLUMN_MESSAGES.jsonFieldsLabel}</legend>
          {draft.jsonFields.map((field, index) => (
            <div key={index} className="flex items-center gap-2">
              <Input
                aria-label={`${AI_COLUMN_MESSAGES.jsonFieldName} ${index + 1}`}
                placeholder={AI_COLUMN_MESSAGES.jsonFieldName}
                value={field.name}
                maxLength={60}
                className="h-8 min-w-0 flex-1"
                onChange={(event) => setField(index, { name: event.target.value })}
              />
              <Select value={field.type} onValueChange={(type) => setField(index, { type: type as AiJsonField['type'] })}>
                <SelectTrigger size="sm" className="w-28 shrink-0" aria-label={`${AI_COLUMN_MESSAGES.jsonFieldType} ${index + 1}`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {aiJsonFieldTypeSchema.options.map((type) => (
                    <SelectItem key={type} value={type}>
                      {AI_COLUMN_MESSAGES.jsonFieldTypes[type]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <Button
                type="button"
                size="icon-sm"
                variant="ghost"
                aria-label={AI_COLUMN_MESSAGES.removeJsonField(field.name)}
                disabled={draft.jsonFields.length === 1}
                onClick={() => onChange({ ...draft, jsonFields: draft.jsonFields.filter((_, i) => i !== index) })}
              >
                <XIcon aria-hidden="true" />
              </Button>
            </div>
          ))}
          <Button type="button" size="sm" variant="outline" className="justify-self-start" onClick={() => onChange({ ...draft, jsonFields: [...draft.jsonFields, { name: '', type: 'text' }] })}>
            <PlusIcon aria-hidden="true" />
            {AI_COLUMN_MESSAGES.addJsonField}
          </Button>
        </fieldset>
      )}
    </div>
  )
}
