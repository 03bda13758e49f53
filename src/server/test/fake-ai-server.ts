import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * An AI provider for tests (STACK-NOTES "Testing AI without a provider"): the real AI SDK
 * providers are pointed at it and it speaks their wire formats. OpenAI's chat completions
 * (`/v1/chat/completions`, also `/chat/completions` for Perplexity's base URL), streaming or not,
 * answers that fit a requested JSON schema, usage with cached tokens, and Anthropic's
 * `/v1/messages` for a key check. Latency, failures and answers are set per test; every call is
 * logged.
 */

export type FakeAiMessage = { role: string; content: string }

export type FakeAiCall = {
  path: string
  apiKey: string | null
  model: string
  stream: boolean
  messages: FakeAiMessage[]
  /** The `response_format.json_schema.schema` asked for, when any. */
  schema: JsonSchema | null
  /** The last user message: for our prompts, the row's values. */
  lastUserText: string
  status: number
  latencyMs: number
  startedAt: number
}

export type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  enum?: unknown[]
  format?: string
  anyOf?: JsonSchema[]
  minimum?: number
  maximum?: number
}

export type FakeAiAnswerContext = Omit<FakeAiCall, 'status' | 'latencyMs' | 'startedAt'> & {
  /** The answer the server would give on its own: a value fitting the schema. */
  fallback: () => unknown
}

export type FakeAiOptions = {
  /** Milliseconds before each answer (a number, or per call). */
  latencyMs?: number | ((call: FakeAiAnswerContext) => number)
  /** Share of calls answered 429 with `Retry-After`, and 500. Decided per call from a seeded sequence. */
  rate429?: number
  rate500?: number
  /** Seconds in the 429 `Retry-After` header (fractions are sent as `retry-after-ms` too). */
  retryAfterSeconds?: number
  /**
   * A request body (model, messages, schema) fails at most this many times, so a fault test with
   * a 15% failure rate still ends with every cell done after retries. Unset: no limit.
   */
  maxFailuresPerRequest?: number
  /** The answer: JSON (for a schema) or text. Return a string to send it as the raw content. */
  answer?: (call: FakeAiAnswerContext) => unknown
  /**
   * The answer to a first attempt (a request without an earlier assistant reply, i.e. not a
   * repair), before `answer`: a misbehaving model's prose, fence or truncated object. Return
   * undefined to answer as usual.
   */
  firstAttemptAnswer?: (call: FakeAiAnswerContext) => unknown
  /** Refuse a key with 401 (default: keys starting with 'bad' or 'sk-invalid' are refused). */
  isValidKey?: (key: string) => boolean
  /** URLs sent back as Perplexity `citations` (and OpenAI-style annotations are not used). */
  citations?: string[]
  seed?: number
}

const encoder = new TextEncoder()

/** Rough token count: four characters a token, as the providers' own rule of thumb. */
export function countTokens(text: string) {
  return Math.max(1, Math.ceil(encoder.encode(text).length / 4))
}

function hashOf(text: string) {
  return createHash('sha256').update(text).digest('hex')
}

/** A value that fits `schema`, derived from `seed` so the same request gets the same answer. */
export function valueForSchema(schema: JsonSchema | null | undefined, seed: string, path = ''): unknown {
  if (!schema) return `Answer ${hashOf(seed).slice(0, 8)}`
  const h = parseInt(hashOf(`${seed}|${path}`).slice(0, 8), 16)
  if (schema.enum && schema.enum.length > 0) return schema.enum[h % schema.enum.length]
  if (schema.anyOf && schema.anyOf.length > 0) {
    const nonNull = schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]
    return valueForSchema(nonNull, seed, path)
  }
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'string') : (schema.type ?? 'string')
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [key, child] of Object.entries(schema.properties ?? {})) out[key] = valueForSchema(child, seed, `${path}.${key}`)
      return out
    }
    case 'array':
      return [valueForSchema(schema.items, seed, `${path}[0]`)]
    case 'number': {
      const min = schema.minimum ?? 0
      const max = schema.maximum ?? 1000
      if (max <= 1) return Math.round((min + ((h % 1000) / 1000) * (max - min)) * 100) / 100
      return min + (h % Math.max(1, Math.floor(max - min)))
    }
    case 'integer':
      return (schema.minimum ?? 0) + (h % 100)
    case 'boolean':
      return h % 2 === 0
    case 'null':
      return null
    default:
      if (schema.format === 'email') return `lead${h % 1000}@example.com`
      if (schema.format === 'uri' || schema.format === 'url') return `https://example.com/${h % 1000}`
      return `Answer ${hashOf(seed).slice(0, 8)}`
  }
}

/** A small seeded generator (mulberry32), so failure patterns repeat from run to run. */
function seeded(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export class FakeAiServer {
  readonly calls: FakeAiCall[] = []
  options: FakeAiOptions
  inFlight = 0
  maxInFlight = 0
  private server?: Server
  private random: () => number
  private failuresByRequest = new Map<string, number>()
  /** System prompts seen: a repeated fixed part is reported as cached tokens, like a provider's prompt cache. */
  private seenPrefixes = new Set<string>()
  /** Statuses the next calls answer with, before any other rule (e.g. [429, 500]). */
  readonly failNext: number[] = []

  constructor(options: FakeAiOptions = {}) {
    this.options = options
    this.random = seeded(options.seed ?? 12)
  }

  get url() {
    const address = this.server?.address() as AddressInfo
    return `http://127.0.0.1:${address.port}`
  }

  /** The base URL the OpenAI SDK takes (`.../v1`). */
  get openaiBaseURL() {
    return `${this.url}/v1`
  }

  /** Listens on `port` (a free one when 0, the default). */
  async start(port = 0) {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: Error) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { message: error.message, type: 'server_error' } }))
      })
    })
    this.server.keepAliveTimeout = 60_000
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve))
    return this
  }

  async stop() {
    this.server?.closeAllConnections()
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }

  reset(options: FakeAiOptions = this.options) {
    this.options = options
    this.calls.length = 0
    this.failNext.length = 0
    this.failuresByRequest.clear()
    this.seenPrefixes.clear()
    this.maxInFlight = 0
    this.random = seeded(options.seed ?? 12)
  }

  /** Calls that got an answer (status 200). */
  get answeredCalls() {
    return this.calls.filter((c) => c.status === 200)
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake.ai')
    let raw = ''
    for await (const chunk of req) raw += chunk
    const auth = req.headers.authorization ?? ''
    const apiKey = auth.startsWith('Bearer ') ? auth.slice(7) : ((req.headers['x-api-key'] as string | undefined) ?? null)
    const isValidKey = this.options.isValidKey ?? ((key: string) => !key.startsWith('bad') && !key.startsWith('sk-invalid'))

    if (req.method === 'GET' && (url.pathname === '/v1/models' || url.pathname === '/models')) {
      if (!apiKey || !isValidKey(apiKey)) return this.json(res, 401, openAiError('Incorrect API key provided.', 'invalid_api_key'))
      return this.json(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'fake' }] })
    }
    const isChat = req.method === 'POST' && (url.pathname === '/v1/chat/completions' || url.pathname === '/chat/completions')
    const isMessages = req.method === 'POST' && url.pathname === '/v1/messages'
    if (!isChat && !isMessages) return this.json(res, 404, openAiError(`No route ${req.method} ${url.pathname}`, 'not_found'))

    let body: Record<string, unknown>
    try {
      body = JSON.parse(raw) as Record<string, unknown>
    } catch {
      return this.json(res, 400, openAiError('Body is not JSON.', 'invalid_request_error'))
    }
    const messages = toMessages(body)
    const responseFormat = body.response_format as { type?: string; json_schema?: { schema?: JsonSchema } } | undefined
    const schema = responseFormat?.type === 'json_schema' ? (responseFormat.json_schema?.schema ?? null) : null
    const userMessages = messages.filter((m) => m.role === 'user')
    const context: FakeAiAnswerContext = {
      path: url.pathname,
      apiKey,
      model: String(body.model ?? ''),
      stream: body.stream === true,
      messages,
      schema,
      lastUserText: userMessages.at(-1)?.content ?? '',
      fallback: () => valueForSchema(schema, JSON.stringify(messages)),
    }
    const call: FakeAiCall = { ...context, status: 200, latencyMs: 0, startedAt: Date.now() }
    delete (call as Partial<FakeAiAnswerContext>).fallback
    this.calls.push(call)
    this.inFlight += 1
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight)
    try {
      const latency = typeof this.options.latencyMs === 'function' ? this.options.latencyMs(context) : (this.options.latencyMs ?? 0)
      if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency))
      call.latencyMs = Date.now() - call.startedAt

      if (!apiKey || !isValidKey(apiKey)) {
        call.status = 401
        if (isMessages) return this.json(res, 401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } })
        return this.json(res, 401, openAiError('Incorrect API key provided.', 'invalid_api_key'))
      }
      const failure = this.pickFailure(raw)
      if (failure === 429) {
        call.status = 429
        const seconds = this.options.retryAfterSeconds ?? 1
        res.setHeader('retry-after', String(Math.ceil(seconds)))
        res.setHeader('retry-after-ms', String(Math.round(seconds * 1000)))
        return this.json(res, 429, openAiError('Rate limit reached for requests.', 'rate_limit_exceeded'))
      }
      if (failure) {
        call.status = failure
        return this.json(res, failure, openAiError('The server had an error while processing your request.', 'server_error'))
      }

      const isRepair = messages.some((m) => m.role === 'assistant')
      const first = !isRepair && this.options.firstAttemptAnswer ? this.options.firstAttemptAnswer(context) : undefined
      const answer = first !== undefined ? first : this.options.answer ? this.options.answer(context) : context.fallback()
      const content = typeof answer === 'string' ? answer : JSON.stringify(answer)
      const promptText = messages.map((m) => m.content).join('\n')
      const promptTokens = countTokens(promptText)
      const completionTokens = countTokens(content)
      const fixedPart = messages.find((m) => m.role === 'system')?.content ?? ''
      const cachedTokens = fixedPart && this.seenPrefixes.has(fixedPart) ? countTokens(fixedPart) : 0
      if (fixedPart) this.seenPrefixes.add(fixedPart)
      if (isMessages) return this.anthropicAnswer(res, context, content, promptTokens, completionTokens, cachedTokens)
      const usage = {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
        prompt_tokens_details: { cached_tokens: cachedTokens },
      }
      const id = `chatcmpl-${hashOf(`${raw}${this.calls.length}`).slice(0, 12)}`
      const created = Math.floor(Date.now() / 1000)
      const citations = this.options.citations
      if (!context.stream) {
        return this.json(res, 200, {
          id,
          object: 'chat.completion',
          created,
          model: context.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage,
          ...(citations ? { citations } : {}),
        })
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
      const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: context.model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`
      res.write(chunk({ role: 'assistant', content: '' }, null))
      for (let i = 0; i < content.length; i += 16) res.write(chunk({ content: content.slice(i, i + 16) }, null))
      const includeUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true
      res.write(chunk({}, 'stop', { ...(includeUsage ? { usage } : {}), ...(citations ? { citations } : {}) }))
      res.end('data: [DONE]\n\n')
    } finally {
      this.inFlight -= 1
    }
  }

  private pickFailure(requestBody: string): number | null {
    const forced = this.failNext.shift()
    if (forced) return forced
    const r429 = this.options.rate429 ?? 0
    const r500 = this.options.rate500 ?? 0
    if (r429 === 0 && r500 === 0) return null
    const key = hashOf(requestBody)
    const limit = this.options.maxFailuresPerRequest
    const failures = this.failuresByRequest.get(key) ?? 0
    if (limit !== undefined && failures >= limit) return null
    const roll = this.random()
    const status = roll < r429 ? 429 : roll < r429 + r500 ? 500 : null
    if (status) this.failuresByRequest.set(key, failures + 1)
    return status
  }

  private anthropicAnswer(
    res: ServerResponse,
    context: FakeAiAnswerContext,
    content: string,
    inputTokens: number,
    outputTokens: number,
    cachedTokens: number,
  ) {
    return this.json(res, 200, {
      id: `msg_${hashOf(content).slice(0, 12)}`,
      type: 'message',
      role: 'assistant',
      model: context.model,
      content: [{ type: 'text', text: content }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: outputTokens, cache_read_input_tokens: cachedTokens, cache_creation_input_tokens: 0 },
    })
  }

  private json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
}

function openAiError(message: string, code: string) {
  return { error: { message, type: code === 'invalid_api_key' ? 'invalid_request_error' : code, param: null, code } }
}

/** Chat messages (OpenAI) or Anthropic's `system` plus content blocks, flattened to text. */
function toMessages(body: Record<string, unknown>): FakeAiMessage[] {
  const out: FakeAiMessage[] = []
  if (typeof body.system === 'string') out.push({ role: 'system', content: body.system })
  if (Array.isArray(body.system)) out.push({ role: 'system', content: body.system.map((b: { text?: string }) => b.text ?? '').join('\n') })
  for (const message of (body.messages as Array<{ role: string; content: unknown }> | undefined) ?? []) {
    const content =
      typeof message.content === 'string'
        ? message.content
        : Array.isArray(message.content)
          ? message.content.map((part: { text?: string }) => part.text ?? '').join('')
          : ''
    out.push({ role: message.role, content })
  }
  return out
}

/** Starts a fake on a free port; stop it in `afterAll`. */
export async function startFakeAiServer(options: FakeAiOptions = {}) {
  return new FakeAiServer(options).start()
}
