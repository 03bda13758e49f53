import { HEADER_CONFIDENCE } from '#common/constants'
import { type CellType, classifyCell } from './cell-types.ts'
import { type Evidence, headerEvidence } from './header-vocabulary.ts'
import { commonWidth } from './preview-rows.ts'

export type HeaderVerdict = {
  hasHeader: boolean
  /** 0-based index into the rows given; 0 when there is no header. */
  detectedHeaderRow: number
  /** 0..1; the dialog's verdict lines switch at HEADER_CONFIDENCE.confident and .maybe. */
  confidence: number
  reasons: string[]
}

/** A header may sit under a title line or notes; further down it would be data. */
const MAX_HEADER_ROW = 10
const MAX_BODY_ROWS = 50
/** One row alone never reaches HEADER_CONFIDENCE.confident: the user confirms it. */
const SINGLE_ROW_MAX_CONFIDENCE = 0.75

type Candidate = { row: number; score: number; evidence: Evidence[] }

/** Plural nouns for the kinds of values a typed column holds. */
const typeNames: Record<Exclude<CellType, 'empty' | 'text'>, string> = {
  number: 'numbers',
  date: 'dates',
  time: 'times',
  email: 'e-mail addresses',
  url: 'web addresses',
  phone: 'phone numbers',
}

/**
 * Decides whether one of the first rows is a header, by comparing each candidate row with the
 * rows below it: a header is text over typed columns (numbers, dates, e-mails), its values are
 * unique and do not recur in the data, and it tends to use column-name words. Rows above a
 * candidate must look like a title or notes (few values), never like data.
 */
export function detectHeader(rows: string[][]): HeaderVerdict {
  if (rows.length === 0) {
    return { hasHeader: false, detectedHeaderRow: 0, confidence: 0, reasons: ['The file has no rows'] }
  }
  if (rows.length === 1) return judgeSingleRow(rows[0] as string[])

  const width = commonWidth(rows)
  let best: Candidate | null = null
  for (let row = 0; row < Math.min(MAX_HEADER_ROW, rows.length - 1); row++) {
    if (!rows.slice(0, row).every((above) => isPreambleLike(above, width))) break
    const candidate = judgeCandidate(rows, row)
    if (!best || candidate.score > best.score) best = candidate
  }
  const chosen = best ?? judgeCandidate(rows, 0)
  const confidence = toConfidence(chosen.score)
  const hasHeader = confidence >= HEADER_CONFIDENCE.maybe
  return {
    hasHeader,
    detectedHeaderRow: hasHeader ? chosen.row : 0,
    confidence,
    reasons: explain(chosen.evidence, hasHeader, `Row ${chosen.row + 1}`),
  }
}

function toConfidence(score: number): number {
  const value = 1 / (1 + Math.exp(-1.6 * (score - 0.4)))
  return Math.round(value * 100) / 100
}

/**
 * The reasons shown under the verdict: only what speaks for it, strongest first, so a reason never
 * contradicts the verdict ("0% confidence" beside "contains typical column names").
 */
function explain(evidence: Evidence[], hasHeader: boolean, label = 'Row 1'): string[] {
  const supporting = evidence.filter((item) => (item.weight > 0) === hasHeader)
  if (supporting.length === 0) {
    return [hasHeader ? `${label} stands apart from the rows below it` : `Nothing sets ${label.toLowerCase()} apart from the rows below it`]
  }
  return supporting.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight)).slice(0, 5).map((item) => item.text)
}

function nonEmpty(row: string[]): string[] {
  return row.map((cell) => cell.trim()).filter((cell) => cell !== '')
}

/** A title line, a "Report generated ..." note or an empty spacer, not a data row. */
function isPreambleLike(row: string[], width: number): boolean {
  return nonEmpty(row).length <= Math.max(1, Math.floor(width / 3))
}

function listColumns(columns: number[]): string {
  const names = columns.map((column) => String(column + 1))
  if (names.length === 1) return `column ${names[0]}`
  const shown = names.slice(0, 3)
  const more = names.length - shown.length
  return more > 0
    ? `columns ${shown.join(', ')} and ${more} more`
    : `columns ${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`
}

function dominantType(cells: string[]): Exclude<CellType, 'empty'> | null {
  const counts = new Map<Exclude<CellType, 'empty'>, number>()
  let filled = 0
  for (const cell of cells) {
    const type = classifyCell(cell)
    if (type === 'empty') continue
    filled++
    counts.set(type, (counts.get(type) ?? 0) + 1)
  }
  if (filled === 0) return null
  // Phone numbers written as plain digits read as numbers; count them together.
  const numeric = (counts.get('number') ?? 0) + (counts.get('phone') ?? 0)
  let best: Exclude<CellType, 'empty'> = 'text'
  let bestCount = 0
  for (const [type, count] of counts) {
    if (count > bestCount) {
      best = type
      bestCount = count
    }
  }
  if ((best === 'number' || best === 'phone') && numeric / filled >= 0.6) return best
  return bestCount / filled >= 0.6 ? best : 'text'
}

function judgeCandidate(rows: string[][], row: number): Candidate {
  const header = rows[row] as string[]
  const body = rows.slice(row + 1, row + 1 + MAX_BODY_ROWS)
  const label = `Row ${row + 1}`
  const evidence: Evidence[] = []
  const names = header.map((cell) => cell.trim())
  const filled = names.filter((name) => name !== '')

  if (filled.length === 0) {
    return { row, score: -3, evidence: [{ weight: -3, text: `${label} is empty` }] }
  }

  const contrast = new Map<string, number[]>()
  const dataLike: number[] = []
  const repeated: string[] = []
  let textColumns = 0
  for (let column = 0; column < header.length; column++) {
    const name = names[column] as string
    const cells = body.map((bodyRow) => bodyRow[column] ?? '')
    const type = dominantType(cells)
    if (type === null || name === '') continue
    if (type === 'text') {
      textColumns++
      if (cells.some((cell) => cell.trim() === name)) repeated.push(name)
      continue
    }
    const own = classifyCell(name)
    if (own === 'text') contrast.set(type, [...(contrast.get(type) ?? []), column])
    else dataLike.push(column)
  }

  const contrasted = [...contrast.values()].flat()
  const typedColumns = contrasted.length + dataLike.length
  if (typedColumns > 0) {
    for (const [type, columns] of contrast) {
      const typeName = typeNames[type as keyof typeof typeNames]
      const text =
        type === 'number'
          ? `${label} is all text while ${listColumns(columns)} below it ${columns.length > 1 ? 'are' : 'is'} numeric`
          : `${capitalise(listColumns(columns))} ${columns.length > 1 ? 'hold' : 'holds'} ${typeName} below ${label.toLowerCase()} but not in it`
      evidence.push({ weight: (3 * columns.length) / typedColumns, text })
    }
    if (dataLike.length > 0) {
      const kinds = [...new Set(dataLike.map((column) => typeNames[classifyCell(names[column] as string) as keyof typeof typeNames]))]
      evidence.push({
        weight: (-3 * dataLike.length) / typedColumns,
        text: `${label} looks like data: it contains ${kinds.join(' / ')} (${listColumns(dataLike)})`,
      })
    }
  }

  if (repeated.length > 0) {
    evidence.push({
      weight: (-2 * repeated.length) / Math.max(1, textColumns),
      text: `${label}'s value "${repeated[0]}" also appears in the rows below, as data does`,
    })
  }

  const unique = new Set(filled.map((name) => name.toLowerCase())).size === filled.length
  if (unique && filled.length >= 2 && repeated.length === 0) {
    evidence.push({ weight: 0.5, text: `${label} values are unique and none repeats in the rows below` })
  } else if (!unique) {
    evidence.push({ weight: -0.3, text: `${label} repeats some values` })
  }

  evidence.push(...headerEvidence(names, label))

  const empty = names.length - filled.length
  if (empty > 0) {
    evidence.push({ weight: (-1.5 * empty) / names.length, text: `${label} has ${empty} empty ${empty > 1 ? 'cells' : 'cell'}` })
  }
  if (row > 0) {
    evidence.push({
      weight: -0.3 * row,
      text: `The ${row > 1 ? `${row} rows` : 'row'} above ${label.toLowerCase()} ${row > 1 ? 'look' : 'looks'} like a title or notes`,
    })
  }

  const score = evidence.reduce((sum, item) => sum + item.weight, 0)
  return { row, score, evidence }
}

/** With no data below, only the row itself can speak: typed values say data, names say header. */
function judgeSingleRow(row: string[]): HeaderVerdict {
  const names = row.map((cell) => cell.trim())
  const filled = names.filter((name) => name !== '')
  const only = 'Only one row: there is no data below it to compare with'
  if (filled.length < 2) {
    return { hasHeader: false, detectedHeaderRow: 0, confidence: 0.3, reasons: [only, 'It has fewer than two values'] }
  }
  const typed = filled.filter((name) => classifyCell(name) !== 'text')
  if (typed.length > 0) {
    return {
      hasHeader: false,
      detectedHeaderRow: 0,
      confidence: 0.1,
      reasons: [only, `Row 1 looks like data: it contains values like "${typed[0]}"`],
    }
  }
  const evidence: Evidence[] = headerEvidence(names, 'Row 1')
  const unique = new Set(filled.map((name) => name.toLowerCase())).size === filled.length
  if (unique) evidence.push({ weight: 0.3, text: 'Row 1 values are unique' })
  const score = evidence.reduce((sum, item) => sum + item.weight, 0)
  const confidence = Math.min(SINGLE_ROW_MAX_CONFIDENCE, toConfidence(score))
  const hasHeader = confidence >= HEADER_CONFIDENCE.maybe
  return { hasHeader, detectedHeaderRow: 0, confidence, reasons: [only, ...explain(evidence, hasHeader)] }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
