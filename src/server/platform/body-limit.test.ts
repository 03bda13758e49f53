import { request as httpRequest, Agent, type IncomingMessage } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REQUEST_BODY_LIMITS } from '#common/constants'
import { createTestApp, TEST_ORIGIN, type TestApp } from '#server/test/test-app'

let t: TestApp
let server: ServerType
let port: number

beforeAll(async () => {
  t = await createTestApp()
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  port = (server.address() as AddressInfo).port
}, 120_000)
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  await t?.close()
})

function send(agent: Agent, path: string, body?: Buffer): Promise<{ res: IncomingMessage; text: string; socketId: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: body ? 'POST' : 'GET', agent, headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...(body ? { 'content-length': body.length } : {}) } },
      (res) => {
        let text = ''
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => resolve({ res, text, socketId: socketIds.get(req.socket!) ?? -1 }))
      },
    )
    req.on('error', reject)
    req.on('socket', (socket) => {
      if (!socketIds.has(socket)) socketIds.set(socket, socketIds.size + 1)
    })
    if (body) req.end(body)
    else req.end()
  })
}
const socketIds = new Map<object, number>()

describe('a body over the limit', () => {
  it('is answered 413 with Connection: close, and the client\'s next request on the same agent is answered', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const first = await send(agent, '/api/health')
      expect(first.res.statusCode).toBe(200)
      const tooLarge = await send(agent, '/api/folders', Buffer.alloc(REQUEST_BODY_LIMITS.defaultBytes + 10, 'a'))
      expect(tooLarge.res.statusCode).toBe(413)
      expect(tooLarge.res.headers.connection).toBe('close')
      expect(JSON.parse(tooLarge.text).error.code).toBe('PAYLOAD_TOO_LARGE')
      // The refused connection is closed, so the next request goes on a new one and gets its answer.
      const next = await send(agent, '/api/health')
      expect(next.res.statusCode).toBe(200)
      expect(next.socketId).not.toBe(tooLarge.socketId)
    } finally {
      agent.destroy()
    }
  })

  it('lets the client read the 413 of a 16 MB body every time, and answers its next request, on a kept-alive agent', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const huge = Buffer.alloc(REQUEST_BODY_LIMITS.addRowsBytes + 1024, 'a')
    try {
      for (let attempt = 0; attempt < 6; attempt += 1) {
        // A route of 1 MB and the rows route of 16 MB, each sent more than its limit.
        const path = attempt % 2 === 0 ? '/api/folders' : '/api/uploads/00000000-0000-4000-8000-000000000000/rows'
        const tooLarge = await send(agent, path, huge)
        expect(tooLarge.res.statusCode, `attempt ${attempt}`).toBe(413)
        expect(tooLarge.res.headers.connection).toBe('close')
        expect(JSON.parse(tooLarge.text).error.code).toBe('PAYLOAD_TOO_LARGE')
        const next = await send(agent, '/api/health')
        expect(next.res.statusCode, `attempt ${attempt}`).toBe(200)
      }
    } finally {
      agent.destroy()
    }
  })

  it('lets a client that writes its whole 16 MB body before reading read the 413, with or without a length, and end cleanly', async () => {
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const isChunked = attempt % 2 === 1
      const answer = await writeThenRead('/api/uploads/00000000-0000-4000-8000-000000000000/rows', REQUEST_BODY_LIMITS.addRowsBytes + 64 * 1024, isChunked)
      // Before, the server closed with the body still arriving: the client's writes met a reset (EPIPE) and it read nothing.
      expect(answer, `attempt ${attempt}${isChunked ? ' (chunked)' : ''}`).toMatchObject({ error: null, status: 'HTTP/1.1 413 Payload Too Large' })
      expect(answer.head).toMatch(/\r\nconnection: close\r\n/i)
    }
  })
})

/**
 * A raw HTTP/1.1 request whose body (`size` bytes, declared or chunked) is written whole before
 * the client reads anything, as curl and simple scripts do; then what it read, and the socket's
 * error if it had one.
 */
function writeThenRead(path: string, size: number, isChunked: boolean): Promise<{ status: string; head: string; error: string | null }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.pause()
    let received = ''
    let error: string | null = null
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message))
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()))
    socket.on('close', () => resolve({ status: received.split('\r\n')[0] ?? '', head: received.split('\r\n\r\n')[0] ?? '', error }))
    const length = isChunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: text/csv\r\n${length}\r\n\r\n`)
    const piece = Buffer.alloc(64 * 1024, 'a')
    const framed = isChunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece
    let sent = 0
    const pump = () => {
      while (sent < size) {
        sent += piece.length
        if (!socket.write(framed)) return void socket.once('drain', pump)
      }
      if (isChunked) socket.write('0\r\n\r\n')
      socket.resume()
    }
    pump()
  })
}
