import { FlaskConicalIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { AI } from '#common/constants'
import { AI_COLUMN_MESSAGES, AI_FIELD_MESSAGES } from '#common/messages'
import { aiOutputTypeSchema, type AiOutputType, type TestAiPromptResult } from '#common/schemas/enrichment'
import { Button } from '#web/components/ui/button'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { Spinner } from '#web/components/ui/spinner'
import { errorMessage } from '#web/lib/api-client'
import { TEST_ROWS_PAGE_SIZE, useTestRows } from '../api/get-test-rows'
import { useTestAiPrompt } from '../api/test-ai-prompt'
import { apiErrorTitle } from '../lib/api-error-title'
import { cellValueText } from '../lib/cell-value-text'
import { promptTestCredits } from '../lib/estimate-format'
import { ProvenanceDetails } from './provenance-details'

type PromptTestSectionProps = {
  uploadId: string
  prompt: string
  outputType: AiOutputType
  webSearch: boolean
  isDisabled: boolean
}

type Outcome = { kind: 'answer'; result: TestAiPromptResult } | { kind: 'error'; message: string }

/** The test section (001 §2, §5): pick one of the first 1000 rows, run the prompt on it, see the answer or the error. */
export function PromptTestSection({ uploadId, prompt, outputType, webSearch, isDisabled }: PromptTestSectionProps) {
  const [rowNumberText, setRowNumberText] = useState('1')
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const test = useTestAiPrompt(uploadId)
  const rowNumber = Number(rowNumberText)
  const isRowNumberValid = Number.isInteger(rowNumber) && rowNumber >= 1 && rowNumber <= AI.promptTestSampleRows
  const page = isRowNumberValid ? Math.ceil(rowNumber / TEST_ROWS_PAGE_SIZE) : 1
  const rows = useTestRows(uploadId, page, { enabled: !isDisabled })
  const row = isRowNumberValid && rows.data && !rows.isPlaceholderData ? rows.data.data[(rowNumber - 1) % TEST_ROWS_PAGE_SIZE] : undefined
  const rowLabel = row ? Object.values(row.values).filter(Boolean).slice(0, 3).join(' · ') : null
  const credits = promptTestCredits(webSearch)

  const run = () => {
    if (!row) return
    const type = aiOutputTypeSchema.safeParse(outputType)
    if (!type.success) {
      setOutcome({ kind: 'error', message: type.error.issues[0]?.message ?? AI_FIELD_MESSAGES.testFailed })
      return
    }
    test.mutate(
      { prompt, rowIndex: row.rowIndex, outputType: type.data, webSearch },
      {
        onSuccess: (result) => setOutcome({ kind: 'answer', result }),
        onError: (error) => {
          const message = errorMessage(error, AI_FIELD_MESSAGES.testFailed)
          setOutcome({ kind: 'error', message })
          toast.error(apiErrorTitle(error, AI_FIELD_MESSAGES.testFailedTitle), { description: message })
        },
      },
    )
  }

  return (
    <section aria-labelledby="ai-test-heading" className="grid gap-3 rounded-lg border bg-muted/30 p-3">
      <h3 id="ai-test-heading" className="text-sm font-medium">
        {AI_COLUMN_MESSAGES.testSection}
      </h3>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor="ai-test-row">{AI_COLUMN_MESSAGES.testRow}</Label>
          <Input
            id="ai-test-row"
            type="number"
            inputMode="numeric"
            min={1}
            max={AI.promptTestSampleRows}
            value={rowNumberText}
            onChange={(event) => setRowNumberText(event.target.value)}
            className="h-8 w-24"
            aria-describedby="ai-test-row-hint"
          />
        </div>
        <Button type="button" size="sm" variant="secondary" disabled={isDisabled || !row || prompt.trim() === '' || test.isPending} onClick={run}>
          {test.isPending ? <Spinner /> : <FlaskConicalIcon aria-hidden="true" />}
          {AI_COLUMN_MESSAGES.runTest(credits)}
        </Button>
      </div>
      <p id="ai-test-row-hint" className="min-w-0 truncate text-xs text-muted-foreground">
        {!isRowNumberValid
          ? AI_COLUMN_MESSAGES.testRowHint(AI.promptTestSampleRows)
          : rows.data && !rows.isPlaceholderData && !row
            ? AI_COLUMN_MESSAGES.testRowMissing
            : (rowLabel ?? AI_COLUMN_MESSAGES.testRowHint(AI.promptTestSampleRows))}
      </p>

      {outcome?.kind === 'error' && (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm">
          <p className="font-medium">{AI_COLUMN_MESSAGES.testError}</p>
          <p className="text-muted-foreground">{outcome.message}</p>
        </div>
      )}
      {outcome?.kind === 'answer' && (
        <div className="grid gap-2" aria-live="polite" data-testid="ai-test-answer">
          <div className="grid gap-0.5">
            <p className="text-xs font-medium text-muted-foreground">{AI_COLUMN_MESSAGES.testAnswer}</p>
            <p className="text-sm break-words whitespace-pre-wrap">{cellValueText(outcome.result.value, outcome.result.display)}</p>
          </div>
          <ProvenanceDetails provenance={outcome.result.provenance} />
          {outcome.result.remainingCredits !== null && <p className="text-xs text-muted-foreground">{AI_COLUMN_MESSAGES.remainingCredits(outcome.result.remainingCredits)}</p>}
        </div>
      )}
    </section>
  )
}
