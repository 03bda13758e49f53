import { z } from 'zod'
import { AI } from '#common/constants'
import { AI_FIELD_MESSAGES } from '#common/messages'
import type { AiCellValue, AiOutputType } from '#common/schemas/enrichment'

/**
 * Typed output (issue 12 §2): the answer the model is asked for, as a zod schema (sent as JSON
 * schema), and the check of what comes back. Every value may be null: "not found" is an answer.
 * The JSON schema keeps to what strict structured outputs accept (every property required, no
 * `format`), so URLs and e-mails are checked here rather than by the provider.
 */

function valueSchema(output: AiOutputType): z.ZodType {
  switch (output.kind) {
    case 'text':
      return z.string()
    case 'number':
      return z.number()
    case 'boolean':
      return z.boolean()
    case 'choice':
      return z.enum(output.choices as [string, ...string[]])
    case 'url':
      return z.string().describe('An absolute http(s) URL')
    case 'email':
      return z.string().describe('An e-mail address')
    case 'json':
      return z.object(
        Object.fromEntries(
          output.fields.map((field) => {
            const base = field.type === 'number' ? z.number() : field.type === 'boolean' ? z.boolean() : z.string()
            const described = field.description ? base.describe(field.description) : base
            return [field.name, described.nullable()]
          }),
        ),
      )
  }
}

/** The whole answer: reasoning first (the model thinks before it answers), then the value. */
export function answerSchema(output: AiOutputType) {
  return z.object({
    reasoning: z.string().describe('One or two sentences: how the answer was found'),
    confidence: z.number().describe('How sure the answer is, from 0 to 1'),
    value: valueSchema(output).nullable().describe('The answer; null when it cannot be found'),
  })
}

/**
 * The JSON schema sent to the provider. Built once per output type: converting the zod schema
 * for every call was about 5% of a busy worker's CPU (bench `enrich_fast_cells_per_s_pg`).
 */
export function answerJsonSchema(output: AiOutputType): Record<string, unknown> {
  const key = JSON.stringify(output)
  let schema = jsonSchemas.get(key)
  if (!schema) {
    schema = z.toJSONSchema(answerSchema(output), { target: 'draft-7' }) as Record<string, unknown>
    delete schema.$schema
    if (jsonSchemas.size >= 200) jsonSchemas.clear()
    jsonSchemas.set(key, schema)
  }
  return schema
}

const jsonSchemas = new Map<string, Record<string, unknown>>()

/** How the output type is described in the fixed part of the prompt. */
export function describeOutput(output: AiOutputType): string {
  switch (output.kind) {
    case 'text':
      return 'a short text'
    case 'number':
      return 'a number (digits only, no units or thousands separators)'
    case 'boolean':
      return 'true or false'
    case 'choice':
      return `exactly one of: ${output.choices.map((c) => JSON.stringify(c)).join(', ')}`
    case 'url':
      return 'an absolute URL starting with https:// or http://'
    case 'email':
      return 'one e-mail address'
    case 'json':
      return `an object with the fields ${output.fields.map((f) => `${JSON.stringify(f.name)} (${f.type}${f.description ? `: ${f.description}` : ''})`).join(', ')}`
  }
}

export type ParsedAnswer = { value: AiCellValue; reasoning: string | null; confidence: number | null }
export type ParseResult = { ok: true; answer: ParsedAnswer } | { ok: false; problem: string }

const EMAIL = z.email()

function normaliseUrl(text: string): string | null {
  const trimmed = text.trim()
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`
  try {
    const url = new URL(withScheme)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null
    return url.toString()
  } catch {
    return null
  }
}

/** Numbers written as text by a lenient model ("1,200", "42%") still count. */
function toNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value !== 'string') return null
  const cleaned = value.trim().replace(/[,\s]/g, '').replace(/%$/, '')
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return null
  return Number(cleaned)
}

function toBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value
  if (typeof value !== 'string') return null
  const text = value.trim().toLowerCase()
  if (['true', 'yes', 'y', '1'].includes(text)) return true
  if (['false', 'no', 'n', '0'].includes(text)) return false
  return null
}

/** Checks one value against the output type; returns the value in its canonical form. */
export function checkValue(output: AiOutputType, value: unknown): { ok: true; value: AiCellValue; notes?: string[] } | { ok: false; problem: string } {
  if (value === null || value === undefined || value === '') return { ok: true, value: null }
  switch (output.kind) {
    case 'text':
      if (typeof value === 'string') return { ok: true, value: value.trim() }
      if (typeof value === 'number' || typeof value === 'boolean') return { ok: true, value: String(value) }
      return { ok: false, problem: 'value must be a text' }
    case 'number': {
      const n = toNumber(value)
      return n === null ? { ok: false, problem: `value ${JSON.stringify(value)} is not a number` } : { ok: true, value: n }
    }
    case 'boolean': {
      const b = toBoolean(value)
      return b === null ? { ok: false, problem: `value ${JSON.stringify(value)} is not true or false` } : { ok: true, value: b }
    }
    case 'choice': {
      const text = String(value).trim().toLowerCase()
      const match = output.choices.find((c) => c.toLowerCase() === text)
      return match ? { ok: true, value: match } : { ok: false, problem: `value ${JSON.stringify(value)} is not one of the choices` }
    }
    case 'url': {
      const url = typeof value === 'string' ? normaliseUrl(value) : null
      return url ? { ok: true, value: url } : { ok: false, problem: `value ${JSON.stringify(value)} is not a URL` }
    }
    case 'email': {
      const text = typeof value === 'string' ? value.trim().replace(/^mailto:/i, '') : ''
      return EMAIL.safeParse(text).success ? { ok: true, value: text } : { ok: false, problem: `value ${JSON.stringify(value)} is not an e-mail address` }
    }
    case 'json': {
      if (typeof value !== 'object' || Array.isArray(value)) return { ok: false, problem: 'value must be an object' }
      const source = value as Record<string, unknown>
      const out: Record<string, string | number | boolean | null> = {}
      const notes: string[] = []
      for (const field of output.fields) {
        const raw = source[field.name]
        if (raw === null || raw === undefined || raw === '') {
          out[field.name] = null
          continue
        }
        const inner = checkValue({ kind: field.type }, raw)
        if (inner.ok) {
          out[field.name] = inner.value as string | number | boolean | null
          continue
        }
        // Fields with columns of their own (issue 43): one bad field is that column's empty value
        // with a note, the others are kept; without them the whole answer gets the repair call.
        if (!output.columns) return { ok: false, problem: `field ${JSON.stringify(field.name)}: ${inner.problem}` }
        out[field.name] = null
        notes.push(AI_FIELD_MESSAGES.fieldLeftEmpty(field.name, inner.problem))
      }
      return { ok: true, value: out, ...(notes.length > 0 ? { notes } : {}) }
    }
  }
}

/** The JSON of a reply, alone or in a code fence; undefined when it is not JSON. Cells and chat read replies alike. */
export function parseJsonText(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)
  const body = (fenced ? fenced[1]! : text).trim()
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function answerOf(output: AiOutputType, object: { value?: unknown; reasoning?: unknown; confidence?: unknown }): ParseResult {
  const checked = checkValue(output, object.value)
  if (!checked.ok) return checked
  const confidence = toNumber(object.confidence)
  const reasoning = typeof object.reasoning === 'string' && object.reasoning.trim() ? object.reasoning.trim() : null
  return {
    ok: true,
    answer: {
      value: checked.value,
      // A field left empty says why in the cell's details, after the model's own reasoning.
      reasoning: checked.notes ? [reasoning, ...checked.notes].filter(Boolean).join(' ') : reasoning,
      confidence: confidence === null ? null : Math.min(1, Math.max(0, confidence > 1 && confidence <= 100 ? confidence / 100 : confidence)),
    },
  }
}

/**
 * Reads the model's answer: the JSON object asked for (`reasoning`, `confidence`, `value`), alone
 * or in a code fence. Anything else (prose, a bare value, a truncated object) is not an answer:
 * it gets the repair call, and is never a cell's value on its own (issue 23 §1).
 */
export function parseAnswer(output: AiOutputType, raw: unknown): ParseResult {
  if (typeof raw === 'string' && raw.trim() === '') return { ok: false, problem: 'the answer was empty' }
  const answer = typeof raw === 'string' ? parseJsonText(raw) : raw
  if (!isPlainObject(answer) || !('value' in answer)) {
    return { ok: false, problem: 'the answer was not the JSON object asked for, with "reasoning", "confidence" and "value"' }
  }
  return answerOf(output, answer)
}

/**
 * The last resort for a model without a JSON mode, once the repair call failed too: a reply that
 * is nothing but a value of the column's type ("12", "true", one of the choices, a URL, an e-mail
 * address, the JSON fields alone). It is stored with a low confidence and a reasoning that says
 * so. Text columns have no such fallback: prose cannot be told from a text value.
 */
export function parseBareAnswer(output: AiOutputType, raw: string): ParseResult {
  const problem = { ok: false as const, problem: 'the answer was not the JSON object asked for' }
  if (output.kind === 'text' || raw.trim() === '') return problem
  const parsed = parseJsonText(raw)
  const value = parsed === undefined ? raw.trim() : parsed
  if (output.kind === 'json' ? !isPlainObject(value) : typeof value === 'object' && value !== null) return problem
  const checked = checkValue(output, value)
  if (!checked.ok || checked.value === null) return problem
  return { ok: true, answer: { value: checked.value, reasoning: AI_FIELD_MESSAGES.bareAnswerReasoning, confidence: AI.bareAnswerConfidence } }
}

/** The value as the grid shows it and as it is written into the row. */
export function displayValue(value: AiCellValue): string {
  if (value === null) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}
