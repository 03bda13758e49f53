import { FlaskConicalIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { AI, HTTP_SOURCE } from '#common/constants'
import { applyTemplateColumns, HTTP_TEMPLATES, type HttpTemplate } from '#common/http-templates'
import { AI_FIELD_MESSAGES } from '#common/messages'
import type { AiField } from '#common/schemas/enrichment'
import { createHttpFieldSchema, type TestHttpResult } from '#common/schemas/http-fields'
import type { UploadDetail } from '#common/schemas/uploads'
import { Button } from '#web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select'
import { Spinner } from '#web/components/ui/spinner'
import { Textarea } from '#web/components/ui/textarea'
import { errorMessage } from '#web/lib/api-client'
import { useCreateHttpField, useTestHttpRequest } from '../api/http-fields'
import { TEST_ROWS_PAGE_SIZE, useTestRows } from '../api/get-test-rows'
import { apiErrorTitle } from '../lib/api-error-title'

type Pair = { name: string; value: string }
type Output = { name: string; path: string }
type Method = (typeof HTTP_SOURCE.methods)[number]

const CUSTOM = 'custom'

/** The column of the file a template's placeholder most likely means (same name, or a word of it). */
function guessColumn(placeholder: string, names: string[]) {
  const lower = placeholder.toLowerCase()
  return (
    names.find((n) => n.toLowerCase() === lower) ??
    names.find((n) => n.toLowerCase().replace(/[^a-z]/g, '') === lower.replace(/[^a-z]/g, '')) ??
    names.find((n) => lower.split(' ').some((word) => word.length > 3 && n.toLowerCase().includes(word))) ??
    ''
  )
}

/**
 * 'Add HTTP API column' (issue 43): a ready template or a request of one's own (method, URL,
 * headers, query, JSON body with `{Column}` and `{secret:NAME}`), the paths to keep (each its own
 * column), 'Test on a row', then the run estimate as for AI columns.
 */
export function HttpColumnDialog({ upload, onClose, onCreated }: { upload: UploadDetail; onClose: () => void; onCreated: (field: AiField) => void }) {
  const columnNames = upload.columns.map((c) => c.name)
  const [templateId, setTemplateId] = useState(CUSTOM)
  const [mapping, setMapping] = useState<Record<string, string>>({})
  const [method, setMethod] = useState<Method>('GET')
  const [url, setUrl] = useState('')
  const [headers, setHeaders] = useState<Pair[]>([])
  const [query, setQuery] = useState<Pair[]>([])
  const [body, setBody] = useState('')
  const [outputs, setOutputs] = useState<Output[]>([{ name: '', path: '' }])
  const [error, setError] = useState<string | null>(null)
  const [rowNumber, setRowNumber] = useState('1')
  const [tested, setTested] = useState<TestHttpResult | null>(null)
  const create = useCreateHttpField(upload.id)
  const test = useTestHttpRequest(upload.id)
  const rowPage = Math.max(1, Math.ceil(Number(rowNumber) / TEST_ROWS_PAGE_SIZE) || 1)
  const rows = useTestRows(upload.id, rowPage, { enabled: true })
  const template = HTTP_TEMPLATES.find((t) => t.id === templateId)

  function applyTemplate(next: HttpTemplate | undefined, nextMapping: Record<string, string>) {
    if (!next) return
    const request = applyTemplateColumns(next, nextMapping)
    setMethod(request.method)
    setUrl(request.url)
    setHeaders(request.headers)
    setQuery(request.query)
    setBody(request.body ?? '')
    setOutputs(next.outputs.map((o) => ({ ...o })))
    setTested(null)
  }

  function pickTemplate(id: string) {
    setTemplateId(id)
    const next = HTTP_TEMPLATES.find((t) => t.id === id)
    if (!next) return
    const guessed = Object.fromEntries(next.columns.map((p) => [p, guessColumn(p, columnNames) || p]))
    setMapping(guessed)
    applyTemplate(next, guessed)
  }

  function mapColumn(placeholder: string, column: string) {
    const next = { ...mapping, [placeholder]: column }
    setMapping(next)
    applyTemplate(template, next)
  }

  const input = () => ({ request: { method, url, headers, query, body: body.trim() === '' ? null : body }, outputs })

  function validated() {
    const parsed = createHttpFieldSchema.safeParse(input())
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      setError(issue ? `${issue.path.join('.')}: ${issue.message}` : 'Check the request.')
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
      { request: values.request, outputs: values.outputs, rowIndex: row.rowIndex, timeoutMs: HTTP_SOURCE.defaultTimeoutMs },
      {
        onSuccess: setTested,
        onError: (caught) => {
          setTested(null)
          setError(errorMessage(caught, 'The test could not be sent.'))
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

  const setPair = (list: Pair[], set: (next: Pair[]) => void, i: number, change: Partial<Pair>) => set(list.map((p, j) => (j === i ? { ...p, ...change } : p)))

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add HTTP API column</DialogTitle>
          <DialogDescription>
            One request per row to any JSON API. Write {'{Column}'} for a row's value and {'{secret:NAME}'} for a key saved under{' '}
            <Link className="underline" to="/dashboard/api-settings">
              API Settings &gt; Secrets
            </Link>
            .
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="http-template">Template</Label>
            <Select value={templateId} onValueChange={pickTemplate}>
              <SelectTrigger id="http-template" aria-label="Template">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={CUSTOM}>My own request</SelectItem>
                {HTTP_TEMPLATES.map((t) => (
                  <SelectItem key={t.id} value={t.id}>
                    {t.provider}: {t.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {template && (
              <p className="text-sm text-muted-foreground">
                {template.description} Needs the secret <code className="font-mono">{template.secret.name}</code> ({template.secret.help}).
              </p>
            )}
          </div>
          {template && template.columns.length > 0 && (
            <fieldset className="grid gap-2 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">Columns it reads</legend>
              {template.columns.map((placeholder) => (
                <div key={placeholder} className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:items-center">
                  <Label htmlFor={`map-${placeholder}`}>{placeholder}</Label>
                  <Select value={mapping[placeholder] ?? ''} onValueChange={(column) => mapColumn(placeholder, column)}>
                    <SelectTrigger id={`map-${placeholder}`} aria-label={`Column for ${placeholder}`}>
                      <SelectValue placeholder="Choose a column" />
                    </SelectTrigger>
                    <SelectContent>
                      {columnNames.map((name) => (
                        <SelectItem key={name} value={name}>
                          {name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
              ))}
            </fieldset>
          )}
          <div className="grid gap-1.5 sm:grid-cols-[7rem_1fr] sm:gap-2">
            <div className="grid gap-1.5">
              <Label htmlFor="http-method">Method</Label>
              <Select value={method} onValueChange={(m) => setMethod(m as Method)}>
                <SelectTrigger id="http-method" aria-label="Method">
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
            </div>
            <div className="grid min-w-0 gap-1.5">
              <Label htmlFor="http-url">URL</Label>
              <Input id="http-url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://api.example.com/v1/find?domain={Website}" spellCheck={false} />
            </div>
          </div>
          <PairList label="Headers" addLabel="Add header" pairs={headers} onChange={setHeaders} setPair={(i, c) => setPair(headers, setHeaders, i, c)} />
          <PairList label="Query parameters" addLabel="Add parameter" pairs={query} onChange={setQuery} setPair={(i, c) => setPair(query, setQuery, i, c)} />
          {method !== 'GET' && method !== 'DELETE' && (
            <div className="grid gap-1.5">
              <Label htmlFor="http-body">JSON body</Label>
              <Textarea id="http-body" value={body} onChange={(e) => setBody(e.target.value)} rows={4} className="font-mono text-xs" placeholder='{"email": "{Email}"}' spellCheck={false} />
            </div>
          )}
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Values to keep (JMESPath, e.g. data.email; @ for the whole answer)</legend>
            {outputs.map((output, i) => (
              <div key={i} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
                <Input aria-label={`Column name ${i + 1}`} value={output.name} placeholder={i === 0 ? 'Column name' : 'Another column'} maxLength={AI.maxNameLength} onChange={(e) => setOutputs(outputs.map((o, j) => (j === i ? { ...o, name: e.target.value } : o)))} />
                <Input aria-label={`Path ${i + 1}`} value={output.path} placeholder="data.email" spellCheck={false} className="font-mono" onChange={(e) => setOutputs(outputs.map((o, j) => (j === i ? { ...o, path: e.target.value } : o)))} />
                <Button variant="ghost" size="icon" aria-label={`Remove value ${i + 1}`} disabled={outputs.length === 1} onClick={() => setOutputs(outputs.filter((_, j) => j !== i))}>
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </div>
            ))}
            {outputs.length < HTTP_SOURCE.maxOutputs && (
              <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setOutputs([...outputs, { name: '', path: '' }])}>
                <PlusIcon aria-hidden="true" />
                Add value
              </Button>
            )}
          </fieldset>
          <section className="grid gap-2 rounded-md border p-3" aria-label="Test on a row">
            <div className="flex flex-wrap items-end gap-2">
              <div className="grid gap-1.5">
                <Label htmlFor="http-test-row">Row</Label>
                <Input id="http-test-row" className="w-24" inputMode="numeric" value={rowNumber} onChange={(e) => setRowNumber(e.target.value)} />
              </div>
              <Button variant="outline" onClick={runTest} disabled={test.isPending}>
                {test.isPending ? <Spinner /> : <FlaskConicalIcon aria-hidden="true" />}
                Test on a row
              </Button>
              <span className="text-xs text-muted-foreground">Sends one request now; no credits.</span>
            </div>
            {tested && <TestResult result={tested} />}
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
            Create column
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function PairList({ label, addLabel, pairs, onChange, setPair }: { label: string; addLabel: string; pairs: Pair[]; onChange: (next: Pair[]) => void; setPair: (i: number, change: Partial<Pair>) => void }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">{label}</legend>
      {pairs.map((pair, i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto]">
          <Input aria-label={`${label} name ${i + 1}`} value={pair.name} placeholder="Name" spellCheck={false} onChange={(e) => setPair(i, { name: e.target.value })} />
          <Input aria-label={`${label} value ${i + 1}`} value={pair.value} placeholder="Value" spellCheck={false} onChange={(e) => setPair(i, { value: e.target.value })} />
          <Button variant="ghost" size="icon" aria-label={`Remove ${label.toLowerCase()} ${i + 1}`} onClick={() => onChange(pairs.filter((_, j) => j !== i))}>
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button variant="outline" size="sm" className="justify-self-start" onClick={() => onChange([...pairs, { name: '', value: '' }])}>
        <PlusIcon aria-hidden="true" />
        {addLabel}
      </Button>
    </fieldset>
  )
}

function TestResult({ result }: { result: TestHttpResult }) {
  return (
    <div className="grid gap-2 text-sm" aria-label="Test result">
      <p className="font-mono text-xs break-all">
        {result.sent.method} {result.sent.url}
      </p>
      <p>
        {result.status === null ? 'No answer' : `HTTP ${result.status}`} in {result.latencyMs} ms{result.error && <span className="text-destructive"> · {result.error}</span>}
      </p>
      <ul className="grid gap-1">
        {result.picked.map((p) => (
          <li key={p.name} className="flex flex-wrap gap-2">
            <span className="font-medium">{p.name}:</span>
            {p.error ? <span className="text-muted-foreground">{p.error}</span> : <span className="break-all">{p.display}</span>}
          </li>
        ))}
      </ul>
      {result.response !== null && (
        <details>
          <summary className="cursor-pointer text-xs text-muted-foreground">Answer{result.responseTruncated ? ' (cut)' : ''}</summary>
          <pre className="max-h-48 overflow-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap break-all">{result.response}</pre>
        </details>
      )}
    </div>
  )
}
