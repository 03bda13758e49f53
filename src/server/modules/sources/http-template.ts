import { SOURCE_MESSAGES } from '#common/messages'
import type { HttpRequestTemplate } from '#common/schemas/sources'
import { AppError } from '#server/platform/app-error'

/**
 * An HTTP API column's request for one row (issue 43). Templates refer to the row's columns as
 * `{Column Name}` (case and outer spaces do not count) and to the user's saved secrets as
 * `{secret:NAME}`. Each value is encoded for where it stands: URL-encoded in the URL, as given in
 * a header or a query parameter (the URL API encodes those), and as JSON in the body (escaped
 * inside a JSON string, a whole JSON string outside one). A reference never holds a quote, so a
 * JSON object's own braces are never taken for one.
 */

const REFERENCE = /\{([^{}"\n]{1,200})\}/g
const SECRET_PREFIX = /^secret\s*:\s*/i

export type TemplateColumn = { key: string; name: string }

/** What a request's templates refer to: column names and secret names, each once. */
export function findReferences(request: HttpRequestTemplate) {
  const columns: string[] = []
  const secrets: string[] = []
  const texts = [request.url, request.body ?? '', ...request.headers.map((h) => h.value), ...request.query.map((q) => q.value)]
  for (const text of texts) {
    for (const match of text.matchAll(REFERENCE)) {
      const inner = match[1]!.trim()
      if (!inner) continue
      const list = SECRET_PREFIX.test(inner) ? secrets : columns
      const name = inner.replace(SECRET_PREFIX, '')
      if (!list.some((n) => n.toLowerCase() === name.toLowerCase())) list.push(name)
    }
  }
  return { columns, secrets }
}

/** The request's column references matched to the file's columns; names that are no column are refused. */
export function resolveColumnsOrThrow(request: HttpRequestTemplate, columns: TemplateColumn[]): TemplateColumn[] {
  const referenced: TemplateColumn[] = []
  const unknown: string[] = []
  for (const name of findReferences(request).columns) {
    const column = columns.find((c) => c.name.trim().toLowerCase() === name.toLowerCase())
    if (column) referenced.push(column)
    else unknown.push(name)
  }
  if (unknown.length > 0) throw new AppError('VALIDATION_FAILED', SOURCE_MESSAGES.unknownColumns(unknown), { unknownColumns: unknown })
  return referenced
}

/** What fills the references of one row: column values by key and secret values by lower-case name. */
export type TemplateValues = {
  columns: TemplateColumn[]
  row: Record<string, string | undefined>
  secrets: Map<string, string>
  /** Shows each secret as `••••` (the request as the test shows it, and as a cell remembers it). */
  maskSecrets?: boolean
}

export const SECRET_MASK = '••••'

function valueOf(inner: string, values: TemplateValues): string {
  const name = inner.trim()
  if (SECRET_PREFIX.test(name)) {
    const secretName = name.replace(SECRET_PREFIX, '').toLowerCase()
    if (values.maskSecrets) return SECRET_MASK
    const secret = values.secrets.get(secretName)
    if (secret === undefined) throw new AppError('VALIDATION_FAILED', SOURCE_MESSAGES.unknownSecrets([name.replace(SECRET_PREFIX, '')]))
    return secret
  }
  const column = values.columns.find((c) => c.name.trim().toLowerCase() === name.toLowerCase())
  return column ? (values.row[column.key] ?? '') : ''
}

const fill = (text: string, values: TemplateValues, encode: (value: string) => string) =>
  text.replace(REFERENCE, (whole, inner: string) => (inner.trim() ? encode(valueOf(inner, values)) : whole))

/** The body with each reference as JSON: inside a JSON string its escaped text, outside a whole string. */
export function fillJsonBody(body: string, values: TemplateValues): string {
  let out = ''
  let inString = false
  for (let i = 0; i < body.length; ) {
    const ch = body[i]!
    if (ch === '{') {
      REFERENCE.lastIndex = i
      const match = REFERENCE.exec(body)
      if (match && match.index === i && match[1]!.trim()) {
        const json = JSON.stringify(valueOf(match[1]!, values))
        out += inString ? json.slice(1, -1) : json
        i += match[0].length
        continue
      }
    }
    if (ch === '\\' && inString) {
      out += body.slice(i, i + 2)
      i += 2
      continue
    }
    if (ch === '"') inString = !inString
    out += ch
    i += 1
  }
  return out
}

export type RenderedRequest = { method: string; url: string; headers: Array<{ name: string; value: string }>; body: string | null }

/** The scheme and host of a URL template, before its first reference: a value never picks where a request goes. */
function assertFixedOrigin(url: string) {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? ''
  REFERENCE.lastIndex = 0
  if (!origin || REFERENCE.test(origin)) {
    REFERENCE.lastIndex = 0
    throw new AppError('VALIDATION_FAILED', SOURCE_MESSAGES.secretInUrlHost)
  }
  REFERENCE.lastIndex = 0
}

/** One row's request, ready to send (or, with `maskSecrets`, to show). */
export function renderRequest(request: HttpRequestTemplate, values: TemplateValues): RenderedRequest {
  assertFixedOrigin(request.url)
  let url: URL
  try {
    url = new URL(fill(request.url, values, encodeURIComponent))
  } catch {
    throw new AppError('VALIDATION_FAILED', SOURCE_MESSAGES.urlInvalid)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('VALIDATION_FAILED', SOURCE_MESSAGES.urlInvalid)
  for (const pair of request.query) url.searchParams.append(pair.name, fill(pair.value, values, (v) => v))
  const headers = request.headers.map((h) => {
    const value = fill(h.value, values, (v) => v)
    if (/[\r\n\0]/.test(value)) throw new AppError('VALIDATION_FAILED', SOURCE_MESSAGES.headerLineBreak(h.name))
    return { name: h.name, value }
  })
  const body = request.body === null || request.body.trim() === '' ? null : fillJsonBody(request.body, values)
  if (body !== null && !headers.some((h) => h.name.toLowerCase() === 'content-type')) headers.push({ name: 'Content-Type', value: 'application/json' })
  return { method: request.method, url: url.toString(), headers, body }
}

/**
 * Checks a request before it is saved or tested: a fixed host, a URL that parses, a body that is
 * JSON and a method that takes one, with every reference filled by a sample value.
 */
export function assertValidRequestOrThrow(request: HttpRequestTemplate, columns: TemplateColumn[]) {
  if (request.body !== null && request.body.trim() !== '' && (request.method === 'GET' || request.method === 'DELETE')) {
    throw new AppError('VALIDATION_FAILED', SOURCE_MESSAGES.bodyWithGet)
  }
  const sample = renderRequest(request, { columns, row: {}, secrets: new Map(), maskSecrets: true })
  if (sample.body !== null) {
    try {
      JSON.parse(sample.body)
    } catch (error) {
      throw new AppError('VALIDATION_FAILED', SOURCE_MESSAGES.bodyNotJson((error as Error).message))
    }
  }
}

/**
 * A source's answer with every secret the request sent shown as `••••`: some providers echo the
 * request (Hunter's `meta.params` holds the API key), and an answer's text reaches cells, their
 * errors and the test panel. Raw, JSON-escaped and URL-encoded forms are all replaced.
 */
export function redactSecrets(text: string, secrets: Map<string, string>): string {
  let out = text
  for (const secret of secrets.values()) {
    if (secret.length < 4) continue
    for (const form of new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])) out = out.split(form).join(SECRET_MASK)
  }
  return out
}
