import http from 'node:http'
import https from 'node:https'

/**
 * A `fetch` over node:http with the agents given: the answer is read whole (no streaming) and
 * redirects are never followed (a 3xx is the answer). Node's built-in fetch spent about a third
 * of a busy AI worker's CPU per call in its web streams and request machinery (decision 008).
 * Used for the operator's AI providers and, with guarded agents, for URLs users give
 * (`guarded-fetch.ts`).
 */
export type FetchAgents = { http: http.Agent; https: https.Agent }

function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {}
  if (headers instanceof Headers) return Object.fromEntries(headers.entries())
  if (Array.isArray(headers)) return Object.fromEntries(headers)
  const record: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers)) if (value !== undefined) record[key] = String(value)
  return record
}

function bodyOf(body: BodyInit | null | undefined): string | Buffer | undefined {
  if (body === null || body === undefined) return undefined
  if (typeof body === 'string' || Buffer.isBuffer(body)) return body
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  if (body instanceof ArrayBuffer) return Buffer.from(body)
  throw new TypeError('This fetch sends text or bytes only.')
}

/** Statuses whose response may not carry a body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304])

/** An answer past the fetch's `maxResponseBytes`: the connection is closed as soon as it is seen. */
export class ResponseTooLargeError extends Error {
  readonly code = 'ERR_RESPONSE_TOO_LARGE'
  constructor(readonly maxBytes: number) {
    super(`The answer is larger than ${maxBytes} bytes.`)
    this.name = 'ResponseTooLargeError'
  }
}

export function createAgentFetch(agents: FetchAgents, { maxResponseBytes }: { maxResponseBytes?: number } = {}): typeof fetch {
  return (input, init = {}) => {
    if (input instanceof Request) return Promise.reject(new TypeError('This fetch takes a URL, not a Request.'))
    const url = new URL(String(input))
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new TypeError(`Cannot fetch ${url.protocol} URLs.`))
    const transport = url.protocol === 'https:' ? https : http
    const agent = url.protocol === 'https:' ? agents.https : agents.http
    return new Promise<Response>((resolve, reject) => {
      const request = transport.request(
        url,
        { method: init.method ?? 'GET', headers: headerRecord(init.headers), agent, signal: init.signal ?? undefined },
        (response) => {
          const chunks: Buffer[] = []
          let bytes = 0
          response.on('data', (chunk: Buffer) => {
            bytes += chunk.length
            if (maxResponseBytes !== undefined && bytes > maxResponseBytes) {
              reject(new ResponseTooLargeError(maxResponseBytes))
              response.destroy()
              return
            }
            chunks.push(chunk)
          })
          response.on('error', reject)
          // Cut off mid-answer (the call's timeout, a dropped connection): the call fails, it never hangs.
          response.on('close', () => {
            if (!response.complete) reject(init.signal?.aborted ? init.signal.reason : new Error('The server closed the connection mid-answer.'))
          })
          response.on('end', () => {
            const status = response.statusCode ?? 502
            const headers = new Headers()
            for (const [key, value] of Object.entries(response.headers)) {
              if (Array.isArray(value)) for (const item of value) headers.append(key, item)
              else if (value !== undefined) headers.set(key, value)
            }
            resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, statusText: response.statusMessage, headers }))
          })
        },
      )
      request.on('error', reject)
      request.end(bodyOf(init.body))
    })
  }
}
