import { ExternalLinkIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { AI_COLUMN_MESSAGES, WATERFALL_UI } from '#common/messages'
import { providerLabel } from '#common/schemas/api-keys'
import type { AiProvenance } from '#common/schemas/enrichment'
import type { CellStep } from '#common/schemas/sources'
import { formatConfidence } from '../lib/cell-value-text'

/** Reasoning, confidence and sources; with `isFull`, also model, prompt version, tokens, credits, latency. */
export function ProvenanceDetails({ provenance, isFull = false }: { provenance: AiProvenance; isFull?: boolean }) {
  return (
    <dl className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
      {provenance.reasoning && <Item label={AI_COLUMN_MESSAGES.reasoning}>{provenance.reasoning}</Item>}
      {provenance.steps && <StepList steps={provenance.steps} />}
      {provenance.provider !== 'http' && provenance.provider !== 'waterfall' && <Item label={AI_COLUMN_MESSAGES.confidence}>{formatConfidence(provenance.confidence)}</Item>}
      {provenance.provider !== 'http' && provenance.provider !== 'waterfall' && (
      <Item label={AI_COLUMN_MESSAGES.sources}>
        {provenance.sources.length === 0 ? (
          AI_COLUMN_MESSAGES.noSources
        ) : (
          <ul className="grid gap-0.5">
            {provenance.sources.map((source) => (
              <li key={source} className="min-w-0">
                <a href={source} target="_blank" rel="noreferrer noopener" className="inline-flex max-w-full items-center gap-1 text-primary underline underline-offset-2">
                  <span className="truncate">{source}</span>
                  <ExternalLinkIcon className="size-3 shrink-0" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </Item>
      )}
      {isFull && (
        <>
          <Item label={AI_COLUMN_MESSAGES.model}>
            {provenance.model} <span className="text-muted-foreground">({providerLabel(provenance.provider)})</span>
          </Item>
          <Item label={AI_COLUMN_MESSAGES.promptVersion}>{provenance.promptVersion}</Item>
          <Item label={AI_COLUMN_MESSAGES.tokens}>{AI_COLUMN_MESSAGES.tokensLine(provenance.tokens.input, provenance.tokens.output, provenance.tokens.cached)}</Item>
          <Item label={AI_COLUMN_MESSAGES.creditsCharged}>{provenance.credits}</Item>
          <Item label={AI_COLUMN_MESSAGES.latency}>{`${provenance.latencyMs.toLocaleString('en-US')} ms`}</Item>
          <Item label={AI_COLUMN_MESSAGES.completedAt}>
            <time dateTime={provenance.completedAt}>{new Date(provenance.completedAt).toLocaleString('en-US')}</time>
          </Item>
          <Item label={AI_COLUMN_MESSAGES.inputHash}>
            <code className="text-xs break-all">{provenance.inputHash.slice(0, 16)}</code>
          </Item>
          {provenance.reused && <p className="col-span-2 text-xs text-muted-foreground">{AI_COLUMN_MESSAGES.reused}</p>}
          {provenance.ownKey && <p className="col-span-2 text-xs text-muted-foreground">{AI_COLUMN_MESSAGES.ownKey}</p>}
        </>
      )}
    </dl>
  )
}

/**
 * The steps a value came through: an HTTP column's request, or each step a waterfall tried
 * (decision 037) with its outcome, value, confidence, time and credits.
 */
export function StepList({ steps }: { steps: CellStep[] }) {
  return steps.map((step, i) => {
    const isWaterfall = step.step !== undefined
    const label = isWaterfall ? `${WATERFALL_UI.stepTitle(step.step! + 1)} · ${WATERFALL_UI.kinds[step.kind]}` : steps.length > 1 ? `Step ${i + 1}` : 'Request'
    const facts = [
      step.kind === 'http' ? (step.status === null ? 'No answer' : `HTTP ${step.status}`) : null,
      step.model ?? null,
      step.confidence === null || step.confidence === undefined ? null : `confidence ${formatConfidence(step.confidence)}`,
      `${step.latencyMs.toLocaleString('en-US')} ms`,
      step.kind === 'formula' ? null : `${step.attempts} ${step.attempts === 1 ? 'attempt' : 'attempts'}`,
      `${step.credits} ${step.credits === 1 ? 'credit' : 'credits'}`,
    ].filter((fact) => fact !== null)
    return (
      <Item key={i} label={label}>
        {isWaterfall && (
          <span className={step.outcome === 'accepted' ? 'block font-medium text-primary' : 'block font-medium'} data-testid="waterfall-step-outcome">
            {WATERFALL_UI.outcomes[step.outcome]}
            {step.value ? `: ${step.value}` : ''}
          </span>
        )}
        {step.request && <span className="block font-mono text-xs break-all">{step.request}</span>}
        <span className="block text-xs text-muted-foreground">{facts.join(' · ')}</span>
        {step.excerpt && <span className="block text-xs">{step.excerpt}</span>}
      </Item>
    )
  })
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words whitespace-pre-wrap">{children}</dd>
    </>
  )
}
