import http from 'node:http'
import https from 'node:https'

/**
 * The `fetch` the AI SDK providers are given for cell calls: node:http with keep-alive agents,
 * the answer read whole (cell calls do not stream). Node's built-in fetch spent about a third of
 * a busy worker's CPU per cell in its web streams and request machinery.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 1024 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 1024 }),
}

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
  throw new TypeError('providerFetch sends text or bytes only')
}

/** Statuses whose response may not carry a body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304])

export const providerFetch: typeof fetch = (input, init = {}) => {
  const url = new URL(input instanceof Request ? input.url : String(input))
  const agent = agents[url.protocol as keyof typeof agents]
  // Anything else (a Request with its own body, another scheme) goes through the built-in fetch.
  if (!agent || input instanceof Request) return fetch(input, init)
  const transport = url.protocol === 'https:' ? https : http
  return new Promise<Response>((resolve, reject) => {
    const request = transport.request(
      url,
      { method: init.method ?? 'GET', headers: headerRecord(init.headers), agent, signal: init.signal ?? undefined },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        // Cut off mid-answer (the call's timeout, a dropped connection): the call fails, it never hangs.
        response.on('close', () => {
          if (!response.complete) reject(init.signal?.aborted ? init.signal.reason : new Error('The provider closed the connection mid-answer.'))
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
