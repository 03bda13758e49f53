/**
 * The AI provider behind the site's media: the tests' fake OpenAI-compatible server, answering the
 * media's AI column ("Priority") from the row it is given, so the screenshots and the demo show
 * believable values, reasons and confidences rather than the fake's hashes. Nothing here is a
 * model: a few keyword rules over the sample's notes, titles and company sizes.
 */
import { createHash } from 'node:crypto'
import { FakeAiServer, type FakeAiAnswerContext } from '../src/server/test/fake-ai-server.ts'

export const MEDIA_AI_COLUMN = {
  name: 'Priority',
  prompt: 'How promising is {Company} as a lead? Weigh the contact\'s role ({Title}), the company size ({Employees} employees) and our notes: {Notes}',
  choices: ['High', 'Medium', 'Low'],
} as const

const BUYING_SIGNALS = /demo|pricing|decision|evaluat|budget approved|test with|quote|champion|soc 2|\bnda\b|api access|security review|enterprise deal|enrich/i
const HOLD_BACKS = /low priority|price-sensitive|trial only|unknown|very small|seasonal|non-profit|small team/i
const SENIOR = /head|vp|director|chief|ceo|cto|coo|founder|owner|partner/i

type Row = Record<string, string>

/** The row's values: the prompt's last part is `Row values:` and the row as JSON (render-prompt.ts). */
function rowOf(call: FakeAiAnswerContext): Row | null {
  const json = call.lastUserText.slice(call.lastUserText.indexOf('{'))
  try {
    return JSON.parse(json) as Row
  } catch {
    return null
  }
}

/** A steady number in [0, 1) per row, so a run and its re-run agree. */
function jitter(row: Row) {
  return parseInt(createHash('sha256').update(JSON.stringify(row)).digest('hex').slice(0, 6), 16) / 0x1000000
}

export function priorityAnswer(row: Row) {
  const notes = (row.Notes ?? '').replace(/\s+/g, ' ').trim()
  const title = row.Title || 'The contact'
  const employees = Number(row.Employees || Number.NaN)
  const count = employees.toLocaleString('en-US')
  const size = Number.isFinite(employees) ? `${/^(8|11|18)/.test(count) ? 'an' : 'a'} ${count}-person company` : 'a company of unknown size'
  let score = 0
  if (BUYING_SIGNALS.test(notes)) score += 2
  if (HOLD_BACKS.test(notes)) score -= 2
  if (SENIOR.test(title)) score += 1
  if (employees >= 100) score += 1
  if (!notes) score -= 1
  const short = notes.replaceAll('"', "'")
  const quote = short.length > 70 ? `${short.slice(0, 70).trimEnd()}…` : short
  const value = score >= 3 ? 'High' : score >= 1 ? 'Medium' : 'Low'
  const reason =
    value === 'High'
      ? `the notes show a buying signal ("${quote}")`
      : notes
        ? `the notes ("${quote}") show interest but no firm next step`
        : 'there are no notes yet, so the fit rests on role and size alone'
  const lowReason = HOLD_BACKS.test(notes)
    ? `the notes ("${quote}") point to a small or slow deal`
    : notes
      ? `the notes ("${quote}") show no buying signal yet`
      : 'there are no notes, and the role and size alone are a weak fit'
  return {
    reasoning: `${title} at ${size}; ${value === 'Low' ? lowReason : reason}.`,
    confidence: Math.round((notes ? 0.82 : 0.66) * 100 + jitter(row) * 12) / 100,
    value,
  }
}

/** Starts the fake on `port`; answers take `latencyMs`, so the cells visibly fill in. */
export async function startMediaFakeAi(port: number, latencyMs: number) {
  const fake = new FakeAiServer({
    latencyMs,
    answer: (call) => {
      const row = rowOf(call)
      return row && 'Notes' in row ? priorityAnswer(row) : call.fallback()
    },
  })
  return fake.start(port)
}
