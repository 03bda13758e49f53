import { describeCompare, describeMeasure, percentileWords } from '#common/plan-text'
import type { AggregateResult } from '#common/schemas/plans'
import type { ComputedFigures, TopRows } from './chat-prompts.ts'

/**
 * The summary of a chat answer says only what the plan computed (issue 22). A model's summary
 * is checked: every number in it must be one of the computed figures (or appear in the question
 * or the conditions); otherwise the template below is used.
 */

const formatNumber = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 })

const figureText = (value: number | string | null) => (value === null ? 'empty' : typeof value === 'number' ? formatNumber(value) : value)
const yesNo = (answer: boolean) => (answer ? 'Yes' : 'No')

function aggregateSentence(aggregate: AggregateResult): string | null {
  switch (aggregate.op) {
    case 'count':
      if (aggregate.answer === undefined || !aggregate.compare) return null
      return `${yesNo(aggregate.answer)}: ${formatNumber(aggregate.value)} rows match, against ${describeCompare(aggregate.compare)}.`
    case 'exists':
      return aggregate.answer ? `Yes: ${formatNumber(aggregate.value)} rows match.` : 'No: no row matches.'
    case 'count_by': {
      if (aggregate.group !== undefined && aggregate.value !== undefined) return `${aggregate.column} ${groupName(aggregate.group)} has ${formatNumber(aggregate.value)} rows.`
      if (aggregate.groups.length === 0) return null
      const shown = aggregate.groups.slice(0, 5).map((g) => `${g.value === '' ? '(empty)' : g.value} (${formatNumber(g.count)})`)
      const more = aggregate.otherGroups > 0 ? `, and ${formatNumber(aggregate.otherGroups)} other values` : ''
      return `By ${aggregate.column}: ${shown.join(', ')}${more}.`
    }
    case 'group_by': {
      if (aggregate.group !== undefined && aggregate.value !== undefined) {
        if (aggregate.expression !== undefined) return `${aggregate.expression} of ${aggregate.column} ${groupName(aggregate.group)} is ${figureText(aggregate.value)}.`
        return `The ${describeMeasure(aggregate.measures[0]!).toLowerCase()} of ${aggregate.column} ${groupName(aggregate.group)} is ${figureText(aggregate.value)}.`
      }
      if (aggregate.groups.length === 0) return null
      const shown = aggregate.groups.slice(0, 5).map((g) => {
        const figures = aggregate.measures.map((m, i) => `${m.name ?? describeMeasure(m).toLowerCase()} ${figureText(g.measures[i]?.value ?? null)}`)
        if (aggregate.expression !== undefined) figures.unshift(`${aggregate.expression} ${figureText(g.expression ?? null)}`)
        return `${g.value === '' ? '(empty)' : g.value} (${figures.join(', ')})`
      })
      const more = aggregate.otherGroups > 0 ? `, and ${formatNumber(aggregate.otherGroups)} other values` : ''
      const skipped = aggregate.groups.reduce((total, g) => total + g.measures.reduce((n, m) => n + m.skipped, 0), 0)
      const note = skipped > 0 ? ` ${formatNumber(skipped)} values that are not numbers were skipped.` : ''
      return `By ${aggregate.column}: ${shown.join('; ')}${more}.${note}`
    }
    case 'expression': {
      const from = aggregate.measures.flatMap((m) => (m.name ? [`${m.name} ${figureText(m.value)}`] : []))
      const measures = from.length > 0 ? ` (${from.join(', ')})` : ''
      if (aggregate.answer !== undefined) return `${yesNo(aggregate.answer)}: ${aggregate.column}${aggregate.answer ? ' holds' : ' does not hold'}${measures}.`
      return `${aggregate.column} is ${figureText(aggregate.value)}${measures}.`
    }
    case 'count_distinct': {
      const sentence = `${aggregate.column} has ${formatNumber(aggregate.value)} distinct values`
      return aggregate.answer !== undefined && aggregate.compare ? `${yesNo(aggregate.answer)}: ${sentence}, against ${describeCompare(aggregate.compare)}.` : `${sentence}.`
    }
    default: {
      const label =
        aggregate.op === 'percentile' ? `The ${percentileWords(aggregate.fraction ?? 0.5)} of` : { sum: 'The total of', avg: 'The average of', min: 'The lowest', max: 'The highest', median: 'The median of' }[aggregate.op]
      const skipped = aggregate.skipped > 0 ? ` (${formatNumber(aggregate.skipped)} values that are not numbers were skipped)` : ''
      const answer = aggregate.answer !== undefined && aggregate.compare ? `${yesNo(aggregate.answer)}: ` : ''
      const against = aggregate.answer !== undefined && aggregate.compare ? `, against ${describeCompare(aggregate.compare)}` : ''
      if (aggregate.value === null) return `${answer}No value of ${aggregate.column} reads as a number${skipped}.`
      const sentence = `${label} ${aggregate.column} is ${figureText(aggregate.value)}${against}${skipped}.`
      return answer ? `${answer}${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}` : sentence
    }
  }
}

const groupName = (value: string) => (value === '' ? '(empty)' : `"${value}"`)

/**
 * An aggregate answered by one figure (an average, a total..., or the one group of a grouping
 * limited to one): the figure is the answer's headline.
 */
export function isSingleFigure(aggregate: AggregateResult | null): boolean {
  if (aggregate === null) return false
  if (aggregate.op === 'count') return aggregate.answer !== undefined
  if (aggregate.op === 'count_by' || aggregate.op === 'group_by') return aggregate.group !== undefined && aggregate.value !== undefined
  return true
}

function topSentence(top: TopRows, figures: ComputedFigures): string {
  const order = top.column ? ` by ${top.column}, ${top.direction === 'desc' ? 'highest' : 'lowest'} first` : ''
  const of = figures.criteria.length === 0 ? `${formatNumber(figures.totalRows)} rows` : `${formatNumber(figures.count)} matching rows`
  return `The top ${formatNumber(top.n)} of ${of}${order}.`
}

/**
 * A summary written from the figures alone, for when the model's is missing or unfaithful. It
 * opens with the figure asked for (issue 30 §4): an average before the rows it was taken over,
 * a top N as N rows.
 */
export function templateSummary(figures: ComputedFigures): string {
  if (figures.top) return topSentence(figures.top, figures)
  const rows = `${formatNumber(figures.count)} of ${formatNumber(figures.totalRows)} rows`
  const head = figures.criteria.length === 0 ? `The file has ${formatNumber(figures.totalRows)} rows.` : `${rows} match.`
  const aggregate = figures.aggregate ? aggregateSentence(figures.aggregate) : null
  if (!aggregate) return head
  if (!isSingleFigure(figures.aggregate)) return `${head} ${aggregate}`
  // A yes or no about the rows that match says the count itself.
  if (figures.aggregate?.op === 'count' || figures.aggregate?.op === 'exists') return aggregate
  const over = figures.criteria.length === 0 ? `all ${formatNumber(figures.totalRows)} rows` : `the ${rows} that match`
  return `${aggregate.slice(0, -1)}, over ${over}.`
}

const NUMBER = /-?\d[\d,]*(?:\.\d+)?/g

function numbersIn(text: string): number[] {
  return (text.match(NUMBER) ?? []).map((token) => Number(token.replace(/,/g, ''))).filter(Number.isFinite)
}

/** The numbers a summary may state: the computed ones, their percentages, and those the user or the plan wrote. */
export function allowedNumbers(figures: ComputedFigures): number[] {
  const allowed = [figures.count, figures.totalRows, figures.criteria.length]
  if (figures.totalRows > 0) allowed.push((figures.count / figures.totalRows) * 100)
  const aggregate = figures.aggregate
  if (aggregate) {
    if (aggregate.op === 'count_by') {
      allowed.push(aggregate.groups.length, aggregate.otherGroups)
      for (const group of aggregate.groups) {
        allowed.push(group.count, ...numbersIn(group.value))
        if (figures.count > 0) allowed.push((group.count / figures.count) * 100)
      }
    } else if (aggregate.op === 'group_by') {
      allowed.push(aggregate.groups.length, aggregate.otherGroups)
      for (const group of aggregate.groups) {
        allowed.push(group.count, ...numbersIn(group.value))
        for (const measure of group.measures) {
          allowed.push(measure.skipped)
          if (typeof measure.value === 'number') allowed.push(measure.value)
          if (typeof measure.value === 'string') allowed.push(...numbersIn(measure.value))
        }
        if (typeof group.expression === 'number') allowed.push(group.expression)
        if (typeof group.expression === 'string') allowed.push(...numbersIn(group.expression))
      }
      if (aggregate.expression !== undefined) allowed.push(...numbersIn(aggregate.expression))
      allowed.push(aggregate.groups.reduce((total, g) => total + g.measures.reduce((n, m) => n + m.skipped, 0), 0))
      allowed.push(...numbersIn(aggregate.column), ...aggregate.measures.flatMap((m) => numbersIn(m.column ?? '')))
    } else if (aggregate.op === 'expression') {
      if (typeof aggregate.value === 'number') allowed.push(aggregate.value)
      if (typeof aggregate.value === 'string') allowed.push(...numbersIn(aggregate.value))
      for (const measure of aggregate.measures) {
        allowed.push(measure.skipped)
        if (typeof measure.value === 'number') allowed.push(measure.value)
        if (typeof measure.value === 'string') allowed.push(...numbersIn(measure.value))
      }
    } else if ('skipped' in aggregate) {
      allowed.push(aggregate.skipped)
      if (typeof aggregate.value === 'number') allowed.push(aggregate.value)
      if (typeof aggregate.value === 'string') allowed.push(...numbersIn(aggregate.value))
    } else {
      allowed.push(aggregate.value)
    }
    if ('compare' in aggregate && aggregate.compare) allowed.push(...numbersIn(aggregate.compare.value))
    if (aggregate.column) allowed.push(...numbersIn(aggregate.column))
  }
  if (figures.top) allowed.push(figures.top.n)
  allowed.push(...numbersIn(figures.question), ...figures.criteria.flatMap(numbersIn))
  return allowed
}

/** A stated number matches a computed one when it is that number, or that number rounded. */
function matches(stated: number, computed: number): boolean {
  if (stated === computed) return true
  for (const digits of [0, 1, 2]) {
    const factor = 10 ** digits
    if (Math.round(computed * factor) / factor === stated) return true
  }
  return false
}

/** The figure the question asked for, when it is not the row count: an average (a total...), a top N's N. */
function askedFigure(figures: ComputedFigures): number | string | null {
  if (figures.top) return figures.top.n
  const aggregate = figures.aggregate
  if (!aggregate || !isSingleFigure(aggregate) || !('value' in aggregate)) return null
  // A yes/no expression is answered by its yes or no, not by the word 'true'.
  if (aggregate.op === 'expression' && aggregate.answer !== undefined) return null
  return aggregate.value ?? null
}

/**
 * A summary is kept when every number in it is computed and it states the figure asked for (a
 * summary of an average that only counts rows would put the wrong figure first, issue 30 §4).
 */
export function isFaithfulSummary(summary: string, figures: ComputedFigures): boolean {
  const allowed = allowedNumbers(figures)
  const stated = numbersIn(summary)
  if (!stated.every((n) => allowed.some((computed) => matches(Math.abs(n), Math.abs(computed))))) return false
  const asked = askedFigure(figures)
  if (asked === null) return true
  if (typeof asked === 'string') return summary.includes(asked)
  return stated.some((n) => matches(Math.abs(n), Math.abs(asked)))
}
