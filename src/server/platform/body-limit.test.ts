import { request as httpRequest, Agent, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
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
})
