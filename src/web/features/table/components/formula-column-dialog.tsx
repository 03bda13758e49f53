import { SparklesIcon } from 'lucide-react'
import { useState } from 'react'
import { CREDIT_COSTS } from '#common/constants'
import { FORMULA_EDITOR_MESSAGES } from '#common/messages'
import { FORMULA_DESCRIPTION_MAX_CHARS } from '#common/schemas/rows'
import type { UploadColumn } from '#common/schemas/uploads'
import { Button } from '#web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { Spinner } from '#web/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs'
import { Textarea } from '#web/components/ui/textarea'
import { errorMessage } from '#web/lib/api-client'
import { useSuggestFormula } from '../api/suggest-formula'
import type { FormulaSaveResult } from '../hooks/use-column-actions'
import { useFormulaDraft } from '../hooks/use-formula-draft'
import { FormulaEditor } from './formula-editor'
import { FormulaPreview } from './formula-preview'

/** What the dialog is for: a new formula column, or another formula for one. */
export type FormulaDialogTarget = { kind: 'add' } | { kind: 'edit'; column: UploadColumn }

type FormulaColumnDialogProps = {
  uploadId: string
  columns: UploadColumn[]
  target: FormulaDialogTarget
  isSaving: boolean
  onAdd: (name: string, formula: string) => Promise<FormulaSaveResult>
  onChange: (key: string, formula: string) => Promise<FormulaSaveResult>
  onClose: () => void
}

/**
 * Add or edit a formula column (issue 32): write the formula (checked as it is typed, previewed
 * on the first rows), or describe it and let the AI propose one, which is shown, previewed and
 * editable before it is saved.
 */
export function FormulaColumnDialog({ uploadId, columns, target, isSaving, onAdd, onChange, onClose }: FormulaColumnDialogProps) {
  const editing = target.kind === 'edit' ? target.column : null
  const [name, setName] = useState('')
  const [isNameMissing, setIsNameMissing] = useState(false)
  const [formula, setFormula] = useState(editing?.formula ?? '')
  const [tab, setTab] = useState<'write' | 'describe'>('write')
  const [description, setDescription] = useState('')
  const [proposed, setProposed] = useState<string | null>(null)
  // The server's word on the formula as saved (a 422 with its place), until the text changes.
  const [saveProblem, setSaveProblem] = useState<{ formula: string; problem: { message: string; at: number } } | null>(null)
  const draft = useFormulaDraft(uploadId, columns, formula, editing?.key)
  const suggest = useSuggestFormula(uploadId)
  // A column is not offered to its own formula.
  const columnNames = draft.sources.filter((column) => column.key !== editing?.key).map((column) => column.name)
  const previewError = draft.preview.isError ? errorMessage(draft.preview.error, '') : null
  const problem = draft.problem ?? (saveProblem?.formula === formula ? saveProblem.problem : null)

  const editFormula = (next: string) => {
    setFormula(next)
    if (next !== proposed) setProposed(null)
  }

  const propose = () => {
    if (description.trim() === '' || suggest.isPending) return
    suggest.mutate(
      { description },
      {
        onSuccess: (suggestion) => {
          setFormula(suggestion.formula)
          setProposed(suggestion.formula)
          setTab('write')
        },
      },
    )
  }

  const save = async () => {
    if (!editing && name.trim() === '') {
      setIsNameMissing(true)
      return
    }
    if (problem || !draft.isReadable || isSaving) return
    const result = editing ? await onChange(editing.key, formula) : await onAdd(name, formula)
    if (result.ok) onClose()
    else if (result.problem) setSaveProblem({ formula, problem: result.problem })
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !isSaving && onClose()}>
      <DialogContent
        className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl"
        // Escape with the suggestion list open closes the list, not the dialog.
        onEscapeKeyDown={(event) => {
          if (event.target instanceof HTMLElement && event.target.getAttribute('aria-expanded') === 'true') event.preventDefault()
        }}
      >
        <DialogHeader>
          <DialogTitle>{editing ? FORMULA_EDITOR_MESSAGES.editTitle(editing.name) : FORMULA_EDITOR_MESSAGES.addTitle}</DialogTitle>
          <DialogDescription id="formula-hint">{FORMULA_EDITOR_MESSAGES.description}</DialogDescription>
        </DialogHeader>
        <form
          className="grid min-w-0 gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void save()
          }}
        >
          {!editing && (
            <div className="grid gap-1.5">
              <Label htmlFor="formula-column-name">{FORMULA_EDITOR_MESSAGES.columnName}</Label>
              <Input
                id="formula-column-name"
                value={name}
                maxLength={200}
                placeholder={FORMULA_EDITOR_MESSAGES.columnNamePlaceholder}
                aria-invalid={isNameMissing || undefined}
                aria-describedby={isNameMissing ? 'formula-column-name-error' : undefined}
                onChange={(event) => {
                  setName(event.target.value)
                  setIsNameMissing(false)
                }}
              />
              {isNameMissing && (
                <p id="formula-column-name-error" className="text-sm text-destructive">
                  {FORMULA_EDITOR_MESSAGES.nameRequired}
                </p>
              )}
            </div>
          )}

          <Tabs value={tab} onValueChange={(value) => setTab(value as 'write' | 'describe')} className="min-w-0">
            <TabsList className="w-full sm:w-fit">
              <TabsTrigger value="write">{FORMULA_EDITOR_MESSAGES.write}</TabsTrigger>
              <TabsTrigger value="describe">
                <SparklesIcon aria-hidden="true" />
                {FORMULA_EDITOR_MESSAGES.describe}
              </TabsTrigger>
            </TabsList>
            <TabsContent value="write" className="grid min-w-0 gap-1.5">
              <Label htmlFor="formula-text">{FORMULA_EDITOR_MESSAGES.formula}</Label>
              {proposed !== null && proposed === formula && <p className="text-sm text-muted-foreground">{FORMULA_EDITOR_MESSAGES.proposed}</p>}
              <FormulaEditor id="formula-text" value={formula} onChange={editFormula} columnNames={columnNames} problem={problem} hintId="formula-hint" />
            </TabsContent>
            <TabsContent value="describe" className="grid min-w-0 gap-1.5">
              <Label htmlFor="formula-description">{FORMULA_EDITOR_MESSAGES.describeLabel}</Label>
              <Textarea
                id="formula-description"
                rows={2}
                value={description}
                maxLength={FORMULA_DESCRIPTION_MAX_CHARS}
                placeholder={FORMULA_EDITOR_MESSAGES.describePlaceholder}
                aria-describedby="formula-description-hint"
                onChange={(event) => setDescription(event.target.value)}
                onKeyDown={(event) => {
                  // Enter proposes (the form's own Enter would save); Shift+Enter is a new line.
                  if (event.key === 'Enter' && !event.shiftKey) {
                    event.preventDefault()
                    propose()
                  }
                }}
              />
              <p id="formula-description-hint" className="text-xs text-muted-foreground">
                {FORMULA_EDITOR_MESSAGES.describeHint(CREDIT_COSTS.formulaSuggestion)}
              </p>
              {suggest.isError && (
                <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm">
                  <p className="font-medium">{FORMULA_EDITOR_MESSAGES.proposeFailedTitle}</p>
                  <p>{errorMessage(suggest.error, FORMULA_EDITOR_MESSAGES.proposeFailedTitle)}</p>
                </div>
              )}
              <Button type="button" variant="secondary" className="w-full sm:w-fit" disabled={description.trim() === '' || suggest.isPending} onClick={propose}>
                {suggest.isPending ? <Spinner /> : <SparklesIcon aria-hidden="true" />}
                {suggest.isPending ? FORMULA_EDITOR_MESSAGES.proposing : FORMULA_EDITOR_MESSAGES.propose}
              </Button>
            </TabsContent>
          </Tabs>

          <FormulaPreview
            data={draft.preview.data}
            isReadable={draft.isReadable && problem === null}
            isLoading={draft.preview.isFetching || draft.isPreviewBehind}
            error={previewError}
          />

          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={isSaving}>
              {FORMULA_EDITOR_MESSAGES.cancel}
            </Button>
            <Button type="submit" disabled={isSaving || !draft.isReadable || problem !== null}>
              {isSaving && <Spinner />}
              {editing ? FORMULA_EDITOR_MESSAGES.saveEdit : FORMULA_EDITOR_MESSAGES.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
