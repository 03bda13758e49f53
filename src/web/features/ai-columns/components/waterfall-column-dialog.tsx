import { ArrowDownIcon, ArrowUpIcon, FlaskConicalIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { AI, HTTP_SOURCE, WATERFALL } from '#common/constants'
import { AI_FIELD_MESSAGES, WATERFALL_UI } from '#common/messages'
import type { AiField } from '#common/schemas/enrichment'
import type { UploadDetail } from '#common/schemas/uploads'
import { createWaterfallFieldSchema, type TestWaterfallResult } from '#common/schemas/waterfall-fields'
import { Button } from '#web/components/ui/button'
import { Checkbox } from '#web/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select'
import { Spinner } from '#web/components/ui/spinner'
import { Textarea } from '#web/components/ui/textarea'
import { errorMessage } from '#web/lib/api-client'
import { TEST_ROWS_PAGE_SIZE, useTestRows } from '../api/get-test-rows'
import { useCreateWaterfallField, useTestWaterfall } from '../api/waterfall-fields'
import { apiErrorTitle } from '../lib/api-error-title'
import { StepList } from './provenance-details'

type Kind = 'ai' | 'http' | 'formula'
type Method = (typeof HTTP_SOURCE.methods)[number]
/** A step as the dialog edits it: every kind's fields, the kind's own sent. */
type StepDraft = { id: number; kind: Kind; prompt: string; model: string; webSearch: boolean; method: Method; url: string; body: string; path: string; formula: string; accept: string }

let nextId = 1
const newStep = (kind: Kind = 'ai'): StepDraft => ({
  id: nextId++,
  kind,
  prompt: '',
  model: '',
  webSearch: false,
  method: 'GET',
  url: '',
  body: '',
  path: '',
  formula: '',
  accept: WATERFALL.defaultAcceptRule,
})

function toStep(draft: StepDraft) {
  if (draft.kind === 'ai') return { kind: 'ai' as const, prompt: draft.prompt, model: draft.model.trim() === '' ? null : draft.model, webSearch: draft.webSearch, accept: draft.accept }
  if (draft.kind === 'http') return { kind: 'http' as const, request: { method: draft.method, url: draft.url, body: draft.body.trim() === '' ? null : draft.body }, path: draft.path, accept: draft.accept }
  return { kind: 'formula' as const, formula: draft.formula, accept: draft.accept }
}

/**
 * 'Add waterfall column' (issue 43, decision 037): ordered steps (an AI prompt, an HTTP request, a
 * formula), each with its acceptance rule; add, remove and reorder them, test on a row, then the
 * run estimate (worst case and expected cost) as for the other columns.
 */
export function WaterfallColumnDialog({ upload, onClose, onCreated }: { upload: UploadDetail; onClose: () => void; onCreated: (field: AiField) => void }) {
  const [name, setName] = useState('')
  const [steps, setSteps] = useState<StepDraft[]>(() => [newStep('formula'), newStep('ai')])
  const [error, setError] = useState<string | null>(null)
  const [rowNumber, setRowNumber] = useState('1')
  const [tested, setTested] = useState<TestWaterfallResult | null>(null)
  const create = useCreateWaterfallField(upload.id)
  const test = useTestWaterfall(upload.id)
  const rowPage = Math.max(1, Math.ceil(Number(rowNumber) / TEST_ROWS_PAGE_SIZE) || 1)
  const rows = useTestRows(upload.id, rowPage, { enabled: true })

  const change = (id: number, patch: Partial<StepDraft>) => {
    setSteps((list) => list.map((s) => (s.id === id ? { ...s, ...patch } : s)))
    setTested(null)
  }
  const move = (index: number, by: -1 | 1) =>
    setSteps((list) => {
      const next = [...list]
      const [step] = next.splice(index, 1)
      next.splice(index + by, 0, step!)
      return next
    })

  function validated() {
    const parsed = createWaterfallFieldSchema.safeParse({ name, steps: steps.map(toStep) })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue?.path[0] === 'steps' && typeof issue.path[1] === 'number' ? `${WATERFALL_UI.stepTitle(issue.path[1] + 1)}: ` : ''
      setError(issue ? `${where}${issue.message}` : WATERFALL_UI.checkSteps)
      return null
    }
    setError(null)
    return parsed.data
  }

  function runTest() {
    const values = validated()
    const row = rows.data?.data[(Number(rowNumber) - 1) % TEST_ROWS_PAGE_SIZE]
    if (!values || !row) return
    test.mutate(
      { steps: values.steps, rowIndex: row.rowIndex },
      {
        onSuccess: setTested,
        onError: (caught) => {
          setTested(null)
          setError(errorMessage(caught, WATERFALL_UI.testFailed))
        },
      },
    )
  }

  async function submit() {
    const values = validated()
    if (!values) return
    try {
      const field = await create.mutateAsync(values)
      toast.success(AI_FIELD_MESSAGES.fieldCreated)
      onCreated(field)
    } catch (caught) {
      const message = errorMessage(caught, AI_FIELD_MESSAGES.createFailed)
      setError(message)
      toast.error(apiErrorTitle(caught, AI_FIELD_MESSAGES.errorTitle), { description: message })
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{WATERFALL_UI.title}</DialogTitle>
          <DialogDescription>{WATERFALL_UI.description}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="waterfall-name">{WATERFALL_UI.nameLabel}</Label>
            <Input id="waterfall-name" value={name} maxLength={AI.maxNameLength} onChange={(e) => setName(e.target.value)} placeholder="Work email" />
          </div>
          <ol className="grid gap-3">
            {steps.map((step, i) => (
              <StepEditor
                key={step.id}
                step={step}
                index={i}
                count={steps.length}
                onChange={(patch) => change(step.id, patch)}
                onMove={(by) => move(i, by)}
                onRemove={() => setSteps((list) => list.filter((s) => s.id !== step.id))}
              />
            ))}
          </ol>
          {steps.length < WATERFALL.maxSteps && (
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setSteps([...steps, newStep()])}>
              <PlusIcon aria-hidden="true" />
              {WATERFALL_UI.addStep}
            </Button>
          )}
          <section className="grid gap-2 rounded-md border p-3" aria-label={WATERFALL_UI.testButton}>
            <div className="flex flex-wrap items-end gap-2">
              <div className="grid gap-1.5">
                <Label htmlFor="waterfall-test-row">{WATERFALL_UI.testRow}</Label>
                <Input id="waterfall-test-row" className="w-24" inputMode="numeric" value={rowNumber} onChange={(e) => setRowNumber(e.target.value)} />
              </div>
              <Button variant="outline" onClick={runTest} disabled={test.isPending}>
                {test.isPending ? <Spinner /> : <FlaskConicalIcon aria-hidden="true" />}
                {WATERFALL_UI.testButton}
              </Button>
              <span className="text-xs text-muted-foreground">{WATERFALL_UI.testNote}</span>
            </div>
            {tested && (
              <div className="grid gap-2 text-sm" aria-label="Test result">
                <p className="font-medium">{tested.acceptedStep === null ? WATERFALL_UI.noValue : `${WATERFALL_UI.valueFrom(tested.acceptedStep + 1)}: ${tested.value ?? ''}`}</p>
                <dl className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-x-3 gap-y-1.5">
                  <StepList steps={tested.steps} />
                </dl>
              </div>
            )}
          </section>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={create.isPending}>
            {create.isPending && <Spinner />}
            {WATERFALL_UI.create}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function StepEditor({ step, index, count, onChange, onMove, onRemove }: { step: StepDraft; index: number; count: number; onChange: (patch: Partial<StepDraft>) => void; onMove: (by: -1 | 1) => void; onRemove: () => void }) {
  const n = index + 1
  const id = (part: string) => `waterfall-${step.id}-${part}`
  return (
    <li className="grid gap-3 rounded-md border p-3" aria-label={WATERFALL_UI.stepTitle(n)} data-testid="waterfall-step">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">{WATERFALL_UI.stepTitle(n)}</span>
        <Select value={step.kind} onValueChange={(kind) => onChange({ kind: kind as Kind })}>
          <SelectTrigger className="w-40" aria-label={`${WATERFALL_UI.kindLabel} of step ${n}`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(['ai', 'http', 'formula'] as const).map((kind) => (
              <SelectItem key={kind} value={kind}>
                {WATERFALL_UI.kinds[kind]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <span className="ml-auto flex gap-1">
          <Button variant="ghost" size="icon" aria-label={WATERFALL_UI.moveUp(n)} disabled={index === 0} onClick={() => onMove(-1)}>
            <ArrowUpIcon aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={WATERFALL_UI.moveDown(n)} disabled={index === count - 1} onClick={() => onMove(1)}>
            <ArrowDownIcon aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={WATERFALL_UI.removeStep(n)} disabled={count === 1} onClick={onRemove}>
            <Trash2Icon aria-hidden="true" />
          </Button>
        </span>
      </div>
      {step.kind === 'ai' && (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor={id('prompt')}>{WATERFALL_UI.promptLabel}</Label>
            <Textarea id={id('prompt')} rows={2} value={step.prompt} onChange={(e) => onChange({ prompt: e.target.value })} placeholder="The work e-mail of {First name} {Last name} at {Company}" />
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid min-w-0 flex-1 gap-1.5">
              <Label htmlFor={id('model')}>{WATERFALL_UI.modelLabel}</Label>
              <Input id={id('model')} value={step.model} maxLength={WATERFALL.maxModelLength} spellCheck={false} onChange={(e) => onChange({ model: e.target.value })} placeholder="gpt-4o-mini" />
            </div>
            <label className="flex items-center gap-2 pb-2 text-sm">
              <Checkbox checked={step.webSearch} onCheckedChange={(checked) => onChange({ webSearch: checked === true })} aria-label={`${WATERFALL_UI.webSearchLabel} for step ${n}`} />
              {WATERFALL_UI.webSearchLabel}
            </label>
          </div>
        </>
      )}
      {step.kind === 'http' && (
        <>
          <div className="grid gap-1.5 sm:grid-cols-[7rem_1fr] sm:gap-2">
            <Select value={step.method} onValueChange={(method) => onChange({ method: method as Method })}>
              <SelectTrigger aria-label={`Method of step ${n}`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {HTTP_SOURCE.methods.map((m) => (
                  <SelectItem key={m} value={m}>
                    {m}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Input aria-label={`${WATERFALL_UI.urlLabel} of step ${n}`} value={step.url} spellCheck={false} onChange={(e) => onChange({ url: e.target.value })} placeholder="https://api.example.com/find?domain={Domain}&key={secret:KEY}" />
          </div>
          {step.method !== 'GET' && step.method !== 'DELETE' && (
            <div className="grid gap-1.5">
              <Label htmlFor={id('body')}>{WATERFALL_UI.bodyLabel}</Label>
              <Textarea id={id('body')} rows={3} className="font-mono text-xs" value={step.body} spellCheck={false} onChange={(e) => onChange({ body: e.target.value })} placeholder='{"domain": "{Domain}"}' />
            </div>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor={id('path')}>{WATERFALL_UI.pathLabel}</Label>
            <Input id={id('path')} className="font-mono" value={step.path} spellCheck={false} onChange={(e) => onChange({ path: e.target.value })} placeholder="data.email" />
          </div>
        </>
      )}
      {step.kind === 'formula' && (
        <div className="grid gap-1.5">
          <Label htmlFor={id('formula')}>{WATERFALL_UI.formulaLabel}</Label>
          <Input id={id('formula')} className="font-mono" value={step.formula} spellCheck={false} onChange={(e) => onChange({ formula: e.target.value })} placeholder="{Known email}" />
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={id('accept')}>{WATERFALL_UI.ruleLabel}</Label>
        <div className="grid gap-2 sm:grid-cols-[1fr_12rem]">
          <Input id={id('accept')} className="font-mono text-xs" value={step.accept} spellCheck={false} onChange={(e) => onChange({ accept: e.target.value })} />
          <Select value="" onValueChange={(rule) => onChange({ accept: rule })}>
            <SelectTrigger aria-label={`${WATERFALL_UI.presetLabel} for step ${n}`}>
              <SelectValue placeholder={WATERFALL_UI.presetLabel} />
            </SelectTrigger>
            <SelectContent>
              {WATERFALL_UI.rulePresets.map((preset) => (
                <SelectItem key={preset.label} value={preset.rule}>
                  {preset.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <p className="text-xs text-muted-foreground">{WATERFALL_UI.ruleHelp}</p>
      </div>
    </li>
  )
}
