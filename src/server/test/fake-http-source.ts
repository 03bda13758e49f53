import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A data provider for HTTP API column tests (issue 43): a local JSON API that answers in the shape
 * of the providers' documented APIs and misbehaves on request (429 with Retry-After, 500, slow
 * answers, non-JSON, a huge body, a redirect, paths that find nothing). Every request is logged.
 */

export type FakeSourceRequest = {
  method: string
  path: string
  query: Record<string, string>
  headers: Record<string, string>
  body: string
  at: number
}

export type FakeSourceReply = { status?: number; json?: unknown; text?: string; headers?: Record<string, string>; delayMs?: number; bytes?: number }
export type FakeSourceHandler = (request: FakeSourceRequest) => FakeSourceReply

export type FakeSource = {
  url: string
  requests: FakeSourceRequest[]
  /** Replaces the answers (the default: the provider shapes below). */
  reset(handler?: FakeSourceHandler): void
  stop(): Promise<void>
}

/** The default answers: an e-mail finder (Hunter's `/v2/email-finder` shape), a company look-up and an echo. */
export const providerShapes: FakeSourceHandler = (request) => {
  if (request.path === '/v2/email-finder') {
    // Hunter takes its key as `api_key` or in the X-API-KEY header.
    if ((request.query.api_key ?? request.headers['x-api-key']) !== 'hunter-secret-key') return { status: 401, json: { errors: [{ id: 'authentication_failed', code: 401, details: 'No user found for the API key supplied' }] } }
    const { domain = '', first_name: first = '', last_name: last = '' } = request.query
    if (!domain || domain === 'unknown.example') return { status: 200, json: { data: { email: null, score: null, domain }, meta: { params: request.query } } }
    return { status: 200, json: { data: { first_name: first, last_name: last, email: `${first}.${last}@${domain}`.toLowerCase(), score: 91, domain, verification: { status: 'valid' } }, meta: { params: request.query } } }
  }
  if (request.path === '/v1/companies/find') {
    const domain = request.query.domain ?? ''
    return { status: 200, json: { company: { name: domain.split('.')[0]?.toUpperCase() ?? '', domain, metrics: { employees: domain.length * 10 } } } }
  }
  if (request.path === '/echo') return { status: 200, json: { method: request.method, query: request.query, headers: request.headers, body: request.body } }
  return { status: 404, json: { error: 'not found' } }
}

export async function startFakeSource(listenOn = 0): Promise<FakeSource> {
  let handler: FakeSourceHandler = providerShapes
  const requests: FakeSourceRequest[] = []
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const request: FakeSourceRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams.entries()),
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      }
      requests.push(request)
      const reply = handler(request)
      const send = () => {
        if (res.destroyed) return
        const headers = { ...(reply.json !== undefined ? { 'content-type': 'application/json' } : { 'content-type': 'text/plain' }), ...reply.headers }
        res.writeHead(reply.status ?? 200, headers)
        if (reply.bytes) {
          // A huge answer, written in pieces (the client may hang up first).
          const piece = Buffer.alloc(64 * 1024, 'x')
          let left = reply.bytes
          const write = () => {
            while (left > 0 && !res.destroyed) {
              left -= piece.length
              if (!res.write(piece)) return void res.once('drain', write)
            }
            res.end()
          }
          write()
          return
        }
        res.end(reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? ''))
      }
      if (reply.delayMs) setTimeout(send, reply.delayMs)
      else send()
    })
  })
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reset(next = providerShapes) {
      handler = next
      requests.length = 0
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
