import { AlertCircleIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { AI } from '#common/constants'
import { AI_COLUMN_MESSAGES, AI_FIELD_MESSAGES, TEMPLATE_MESSAGES } from '#common/messages'
import { createAiFieldSchema, type AiField } from '#common/schemas/enrichment'
import type { UploadDetail } from '#common/schemas/uploads'
import { Button } from '#web/components/ui/button'
import { Checkbox } from '#web/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select'
import { Spinner } from '#web/components/ui/spinner'
import { Switch } from '#web/components/ui/switch'
import { errorMessage } from '#web/lib/api-client'
import { useCreateAiField } from '../api/create-ai-field'
import { useAiProvider } from '../api/get-ai-provider'
import { useDialogTemplates } from '../api/get-dialog-templates'
import { useSaveTemplate } from '../api/save-template'
import { useUpdateAiField } from '../api/update-ai-field'
import { apiErrorTitle } from '../lib/api-error-title'
import { draftOf, outputTypeOf, type OutputTypeDraft } from '../lib/output-type-draft'
import { unknownColumns } from '../lib/prompt-mentions'
import { OutputTypePicker } from './output-type-picker'
import { PromptEditor } from './prompt-editor'
import { PromptTestSection } from './prompt-test-section'

type AiColumnDialogProps = {
  upload: UploadDetail
  /** The field to modify; null creates a new one. */
  field: AiField | null
  onClose: () => void
  onCreated: (field: AiField) => void
  /** `hasStaleCells`: the change made done cells stale (the caller offers to run them). */
  onUpdated: (field: AiField, hasStaleCells: boolean) => void
}

type FormErrors = Partial<Record<'name' | 'prompt' | 'outputType', string>>

/**
 * Create AI Column and Modify AI Column (001 §2): name, 'Load template', the prompt with
 * @-suggestions, the output type, advanced web search, 'Save to library', the test section.
 */
export function AiColumnDialog({ upload, field, onClose, onCreated, onUpdated }: AiColumnDialogProps) {
  const [name, setName] = useState(field?.name ?? '')
  const [prompt, setPrompt] = useState(field?.prompt ?? '')
  const [draft, setDraft] = useState<OutputTypeDraft>(draftOf(field?.outputType ?? { kind: 'text' }))
  const [webSearch, setWebSearch] = useState(field?.webSearch ?? false)
  const [saveToLibrary, setSaveToLibrary] = useState(false)
  const [fieldsAsColumns, setFieldsAsColumns] = useState(false)
  const [errors, setErrors] = useState<FormErrors>({})
  const provider = useAiProvider()
  const templates = useDialogTemplates()
  // 001 §8: templates that cannot be read are said once; the dialog works without them.
  useEffect(() => {
    if (templates.isError) toast.error(AI_FIELD_MESSAGES.errorTitle, { description: TEMPLATE_MESSAGES.fetchFailed })
  }, [templates.isError])
  const create = useCreateAiField(upload.id)
  const update = useUpdateAiField(upload.id)
  const saveTemplate = useSaveTemplate()
  const isSaving = create.isPending || update.isPending || saveTemplate.isPending
  const columnNames = upload.columns.filter((column) => column.key !== field?.columnKey).map((column) => column.name)
  const outputType = outputTypeOf(draft)
  const isProviderMissing = provider.data ? !provider.data.configured : false

  const saveToTemplates = async (values: { name: string; prompt: string; webSearch: boolean }) => {
    try {
      await saveTemplate.mutateAsync({ name: values.name, field_name: values.name, prompt_template: values.prompt, enable_advanced_search: values.webSearch })
      toast.success(AI_FIELD_MESSAGES.templateSaved)
    } catch (error) {
      // The AI field stands; only the library copy failed (001 §8).
      toast.error(AI_FIELD_MESSAGES.templateSaveFailed, { description: errorMessage(error, undefined) })
    }
  }

  const submit = async () => {
    const parsed = createAiFieldSchema.safeParse({ name, prompt, outputType, webSearch, ...(!field && outputType.kind === 'json' && fieldsAsColumns ? { fieldsAsColumns: true } : {}) })
    const unknown = unknownColumns(prompt, columnNames)
    if (!parsed.success || unknown.length > 0) {
      const next: FormErrors = {}
      for (const issue of parsed.error?.issues ?? []) {
        const key = issue.path[0] as keyof FormErrors
        next[key] ??= issue.message
      }
      if (unknown.length > 0) next.prompt ??= AI_COLUMN_MESSAGES.unknownColumns(unknown)
      setErrors(next)
      return
    }
    setErrors({})
    const values = parsed.data
    try {
      if (field) {
        const change = {
          ...(values.name !== field.name && { name: values.name }),
          ...(values.prompt !== field.prompt && { prompt: values.prompt }),
          // The server's map of JSON fields to their columns is not the dialog's to compare.
          ...(JSON.stringify(values.outputType) !== JSON.stringify({ ...field.outputType, columns: undefined }) && { outputType: values.outputType }),
          ...(values.webSearch !== field.webSearch && { webSearch: values.webSearch }),
        }
        const changesAnswers = 'prompt' in change || 'outputType' in change || 'webSearch' in change
        const updated = Object.keys(change).length > 0 ? await update.mutateAsync({ fieldId: field.id, ...change }) : field
        if (Object.keys(change).length > 0) toast.success(AI_FIELD_MESSAGES.fieldUpdated)
        if (saveToLibrary) await saveToTemplates(values)
        onUpdated(updated, changesAnswers && field.counts.done > 0)
        return
      }
      const created = await create.mutateAsync(values)
      toast.success(AI_FIELD_MESSAGES.fieldCreated)
      if (saveToLibrary) await saveToTemplates(values)
      onCreated(created)
    } catch (error) {
      const title = apiErrorTitle(error, AI_FIELD_MESSAGES.errorTitle)
      // The payment gate refuses with its own words; creating a field says the spec's (001 §5).
      const description = title === AI_FIELD_MESSAGES.authRequiredTitle ? AI_FIELD_MESSAGES.authRequired : errorMessage(error, AI_FIELD_MESSAGES.createFailed)
      toast.error(title, { description })
    }
  }

  const loadTemplate = (id: string) => {
    const template = templates.data?.data.find((item) => item.id === id)
    if (!template) return
    setName(template.field_name)
    setPrompt(template.prompt_template)
    setWebSearch(template.enable_advanced_search)
    setErrors({})
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !isSaving && onClose()}>
      <DialogContent
        className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl"
        // Escape in the prompt with its column list open closes the list, not the dialog.
        onEscapeKeyDown={(event) => {
          if (event.target instanceof HTMLElement && event.target.getAttribute('aria-expanded') === 'true') event.preventDefault()
        }}
      >
        <DialogHeader>
          <DialogTitle>{field ? AI_COLUMN_MESSAGES.modifyTitle : AI_COLUMN_MESSAGES.createTitle}</DialogTitle>
          <DialogDescription>{field ? AI_COLUMN_MESSAGES.modifyDescription : AI_COLUMN_MESSAGES.createDescription}</DialogDescription>
        </DialogHeader>

        {isProviderMissing && (
          <div role="alert" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/30 dark:text-amber-100">
            <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div className="grid gap-1">
              <p className="font-medium">{AI_FIELD_MESSAGES.notConfiguredTitle}</p>
              <p>{provider.data?.message ?? AI_FIELD_MESSAGES.notConfigured}</p>
              <Link to="/dashboard/api-settings" className="font-medium underline underline-offset-2">
                {AI_COLUMN_MESSAGES.providerMissingLink}
              </Link>
            </div>
          </div>
        )}

        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void submit()
          }}
        >
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)]">
            <div className="grid gap-1.5">
              <Label htmlFor="ai-column-name">{AI_COLUMN_MESSAGES.columnName}</Label>
              <Input
                id="ai-column-name"
                value={name}
                maxLength={AI.maxNameLength}
                placeholder={AI_COLUMN_MESSAGES.columnNamePlaceholder}
                autoComplete="off"
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? 'ai-column-name-error' : undefined}
                onChange={(event) => setName(event.target.value)}
              />
              {errors.name && <FieldError id="ai-column-name-error" message={errors.name} />}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="ai-load-template">{AI_COLUMN_MESSAGES.loadTemplate}</Label>
              <Select value="" onValueChange={loadTemplate} disabled={!templates.data?.data.length}>
                <SelectTrigger id="ai-load-template" className="w-full" aria-label={AI_COLUMN_MESSAGES.loadTemplate}>
                  <SelectValue placeholder={templates.data?.data.length ? AI_COLUMN_MESSAGES.loadTemplate : AI_COLUMN_MESSAGES.noTemplates} />
                </SelectTrigger>
                <SelectContent>
                  {templates.data?.data.map((template) => (
                    <SelectItem key={template.id} value={template.id}>
                      {template.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>

          <div className="grid gap-1.5">
            <Label htmlFor="ai-column-prompt">{AI_COLUMN_MESSAGES.prompt}</Label>
            <PromptEditor
              id="ai-column-prompt"
              value={prompt}
              onChange={setPrompt}
              columnNames={columnNames}
              describedBy={errors.prompt ? 'ai-column-prompt-error ai-column-prompt-hint' : 'ai-column-prompt-hint'}
              isInvalid={Boolean(errors.prompt)}
            />
            <p id="ai-column-prompt-hint" className="text-xs text-muted-foreground">
              {AI_COLUMN_MESSAGES.promptHint}
            </p>
            {errors.prompt && <FieldError id="ai-column-prompt-error" message={errors.prompt} />}
          </div>

          <OutputTypePicker draft={draft} onChange={setDraft} />
          {errors.outputType && <FieldError id="ai-column-output-error" message={errors.outputType} />}
          {!field && outputType.kind === 'json' && (
            <div className="flex items-start gap-3">
              <Checkbox id="ai-fields-as-columns" checked={fieldsAsColumns} onCheckedChange={(checked) => setFieldsAsColumns(checked === true)} />
              <div className="grid gap-0.5">
                <Label htmlFor="ai-fields-as-columns">{AI_COLUMN_MESSAGES.fieldsAsColumns}</Label>
                <p className="text-xs text-muted-foreground">{AI_COLUMN_MESSAGES.fieldsAsColumnsHint}</p>
              </div>
            </div>
          )}

          <div className="grid gap-3 sm:grid-cols-2">
            <div className="flex items-start gap-3">
              <Switch id="ai-web-search" checked={webSearch} onCheckedChange={setWebSearch} />
              <div className="grid gap-0.5">
                <Label htmlFor="ai-web-search">{AI_COLUMN_MESSAGES.webSearch}</Label>
                <p className="text-xs text-muted-foreground">{AI_COLUMN_MESSAGES.webSearchHint}</p>
                {webSearch && provider.data?.configured && !provider.data.webSearch && <p className="text-xs text-amber-700">{AI_FIELD_MESSAGES.webSearchNotConfigured}</p>}
              </div>
            </div>
            <div className="flex items-start gap-3">
              <Checkbox id="ai-save-library" checked={saveToLibrary} onCheckedChange={(checked) => setSaveToLibrary(checked === true)} />
              <div className="grid gap-0.5">
                <Label htmlFor="ai-save-library">{AI_COLUMN_MESSAGES.saveToLibrary}</Label>
                <p className="text-xs text-muted-foreground">{AI_COLUMN_MESSAGES.saveToLibraryHint}</p>
              </div>
            </div>
          </div>

          <PromptTestSection uploadId={upload.id} prompt={prompt} outputType={outputType} webSearch={webSearch} isDisabled={isProviderMissing} />

          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={isSaving}>
              {AI_COLUMN_MESSAGES.cancel}
            </Button>
            <Button type="submit" disabled={isSaving}>
              {isSaving && <Spinner />}
              {field ? AI_COLUMN_MESSAGES.save : AI_COLUMN_MESSAGES.create}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  )
}
