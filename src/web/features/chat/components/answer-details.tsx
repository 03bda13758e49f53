import { CHAT } from '#common/constants'
import { CHAT_MESSAGES } from '#common/messages'
import type { MatchingLead, ReasoningStep } from '#common/schemas/chat'
import { describeMeasure } from '#common/plan-text'
import type { AggregateResult } from '#common/schemas/plans'
import { aggregateLabel, formatFigure } from '../lib/answer-view'

/** A count_by answer's groups, largest first (a one-figure aggregate is the answer's headline). */
export function GroupsView({ aggregate }: { aggregate: Extract<AggregateResult, { op: 'count_by' }> }) {
  return (
    <GroupTable
      label={aggregateLabel(aggregate)}
      column={aggregate.column}
      rowsHeading={CHAT_MESSAGES.groupCount}
      measureHeadings={[]}
      groups={aggregate.groups.map((group) => ({ value: group.value, rows: group.count, figures: [] }))}
      otherGroups={aggregate.otherGroups}
      skipped={0}
    />
  )
}

/**
 * A group_by answer's groups (issue 32): each value with its rows and its measures, in the order
 * the plan asked for them, and how many values were skipped because they are not numbers.
 */
export function GroupMeasuresView({ aggregate }: { aggregate: Extract<AggregateResult, { op: 'group_by' }> }) {
  // A count measure is the rows column itself.
  const shown = aggregate.measures.flatMap((measure, index) => (measure.op === 'count' ? [] : [{ measure, index }]))
  return (
    <GroupTable
      label={aggregateLabel(aggregate)}
      column={aggregate.column}
      rowsHeading={CHAT_MESSAGES.groupRows}
      measureHeadings={[...(aggregate.expression !== undefined ? [aggregate.expression] : []), ...shown.map(({ measure }) => measure.name ?? describeMeasure(measure))]}
      groups={aggregate.groups.map((group) => ({
        value: group.value,
        rows: group.count,
        // An expression over the measures is each group's figure: it comes first (the groups are ordered by it).
        figures: [...(aggregate.expression !== undefined ? [formatFigure(group.expression ?? null)] : []), ...shown.map(({ index }) => formatFigure(group.measures[index]?.value ?? null))],
      }))}
      otherGroups={aggregate.otherGroups}
      skipped={aggregate.groups.reduce((total, group) => total + group.measures.reduce((n, m) => n + m.skipped, 0), 0)}
    />
  )
}

type GroupTableProps = {
  label: string
  column: string
  rowsHeading: string
  measureHeadings: string[]
  groups: Array<{ value: string; rows: number; figures: string[] }>
  otherGroups: number
  skipped: number
}

/** One table for grouped answers: a row per value (the empty value named), its rows, then its figures. */
function GroupTable({ label, column, rowsHeading, measureHeadings, groups, otherGroups, skipped }: GroupTableProps) {
  return (
    <div className="grid gap-1.5">
      <p className="text-sm font-medium">{label}</p>
      <div className="max-h-64 overflow-auto rounded-md border">
        <table className="w-full text-sm" aria-label={label}>
          <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-1.5 font-medium break-words">
                {column}
              </th>
              <th scope="col" className="px-3 py-1.5 text-right font-medium">
                {rowsHeading}
              </th>
              {measureHeadings.map((heading, index) => (
                <th key={index} scope="col" className="px-3 py-1.5 text-right font-medium break-words">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <tr key={group.value} className="border-t">
                <th scope="row" className="px-3 py-1.5 text-left font-normal break-words">
                  {group.value === '' ? CHAT_MESSAGES.emptyGroup : group.value}
                </th>
                <td className="px-3 py-1.5 text-right tabular-nums">{group.rows.toLocaleString('en-US')}</td>
                {group.figures.map((figure, index) => (
                  <td key={index} className="px-3 py-1.5 text-right tabular-nums">
                    {figure}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {otherGroups > 0 && <p className="text-xs text-muted-foreground">{CHAT_MESSAGES.otherGroups(otherGroups)}</p>}
      {skipped > 0 && <p className="text-xs text-muted-foreground">{CHAT_MESSAGES.skippedInGroups(skipped)}</p>}
    </div>
  )
}

/** How the count was reached: each step with the rows left after it. */
export function ReasoningChain({ steps }: { steps: ReasoningStep[] }) {
  if (steps.length === 0) return null
  return (
    <div className="grid gap-1.5">
      <p className="text-sm font-medium">{CHAT_MESSAGES.reasoning}</p>
      <ol className="grid gap-1 text-sm">
        {steps.map((step) => (
          <li key={step.step} className="flex items-baseline justify-between gap-3">
            <span className="min-w-0">
              <span className="text-muted-foreground">{step.step}. </span>
              {step.description}
            </span>
            <span className="shrink-0 tabular-nums text-muted-foreground">{CHAT_MESSAGES.stepRows(step.result)}</span>
          </li>
        ))}
      </ol>
    </div>
  )
}

/** The matching leads the answer gives (3, or a top N's N), each with up to 9 fields (001 §9). */
export function MatchingLeads({ leads }: { leads: MatchingLead[] }) {
  if (leads.length === 0) return null
  return (
    <div className="grid gap-1.5">
      <p className="text-sm font-medium">{CHAT_MESSAGES.matchingLeads}</p>
      <ul className="grid gap-2 md:grid-cols-3">
        {leads.slice(0, CHAT.maxTopLeads).map((lead) => (
          <li key={lead.rowIndex} className="min-w-0 rounded-md border px-3 py-2 text-sm">
            <p className="truncate font-medium" title={lead.label}>
              {lead.label}
            </p>
            <dl className="mt-1 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs">
              {lead.fields.slice(0, CHAT.maxLeadFields).map((field) => (
                <div key={field.name} className="contents">
                  <dt className="truncate text-muted-foreground" title={field.name}>
                    {field.name}
                  </dt>
                  <dd className="truncate" title={field.value}>
                    {field.value || '-'}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  )
}

