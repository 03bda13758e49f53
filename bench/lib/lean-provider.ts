import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { countTokens, valueForSchema, type JsonSchema } from '../../src/server/test/fake-ai-server.ts'

/**
 * An OpenAI-compatible chat-completions server for `enrich_fast_cells_per_s_pg`, written on
 * node:net instead of node:http. The figure measures our own cost per cell; on a two-core machine
 * the provider shares the cores with the server and PostgreSQL, and the test fake
 * (src/server/test/fake-ai-server.ts, node:http) spent 0.15-0.23 ms of CPU a call, about a sixth
 * of the whole run's. This one answers the same requests with the same kind of answers (a value
 * fitting the requested JSON schema, usage) over plain HTTP/1.1 keep-alive, for a fraction of it.
 * It knows no streaming, no failures and no other route: the tests use the full fake.
 */
export type LeanProvider = {
  openaiBaseURL: string
  /** Chat completions answered since the last reset. */
  readonly answered: number
  readonly maxInFlight: number
  reset(options: { latencyMs: number }): void
  stop(): Promise<void>
}

const HEAD_END = Buffer.from('\r\n\r\n')

function reply(socket: net.Socket, status: number, body: string) {
  const reason = status === 200 ? 'OK' : 'Error'
  socket.write(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: keep-alive\r\n\r\n${body}`,
  )
}

export async function startLeanProvider(): Promise<LeanProvider> {
  let latencyMs = 0
  let answered = 0
  let inFlight = 0
  let maxInFlight = 0
  const sockets = new Set<net.Socket>()

  const answer = (socket: net.Socket, head: string, body: Buffer) => {
    const [method, path] = head.slice(0, head.indexOf('\r\n')).split(' ')
    if (method !== 'POST' || (path !== '/v1/chat/completions' && path !== '/chat/completions')) {
      reply(socket, 404, JSON.stringify({ error: { message: `No route ${method} ${path}`, type: 'not_found' } }))
      return
    }
    let request: { model?: string; messages?: Array<{ role: string; content: string }>; response_format?: { json_schema?: { schema?: JsonSchema } } }
    try {
      request = JSON.parse(body.toString('utf8'))
    } catch {
      reply(socket, 400, JSON.stringify({ error: { message: 'Body is not JSON.', type: 'invalid_request_error' } }))
      return
    }
    const messages = request.messages ?? []
    const userText = messages.at(-1)?.content ?? ''
    const value = valueForSchema(request.response_format?.json_schema?.schema ?? null, userText)
    const content = typeof value === 'string' ? value : JSON.stringify(value)
    const promptTokens = countTokens(messages.map((m) => m.content).join('\n'))
    const completionTokens = countTokens(content)
    inFlight += 1
    maxInFlight = Math.max(maxInFlight, inFlight)
    setTimeout(() => {
      inFlight -= 1
      if (socket.destroyed) return
      answered += 1
      reply(
        socket,
        200,
        JSON.stringify({
          id: `chatcmpl-lean-${answered}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: request.model ?? '',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
        }),
      )
    }, latencyMs)
  }

  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.setNoDelay(true)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    let pending: Buffer = Buffer.alloc(0)
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk])
      // Requests on a keep-alive connection come one after another (a client may send the next
      // before this one is answered): each is a head and a body of its content-length.
      for (;;) {
        const headEnd = pending.indexOf(HEAD_END)
        if (headEnd < 0) return
        const head = pending.toString('latin1', 0, headEnd)
        if (/\r\ntransfer-encoding:/i.test(head)) {
          reply(socket, 411, JSON.stringify({ error: { message: 'A body needs a content-length.', type: 'invalid_request_error' } }))
          socket.end()
          return
        }
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)
        const end = headEnd + HEAD_END.length + Number(length?.[1] ?? 0)
        if (pending.length < end) return
        answer(socket, head, pending.subarray(headEnd + HEAD_END.length, end))
        pending = pending.subarray(end)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    openaiBaseURL: `http://127.0.0.1:${port}/v1`,
    get answered() {
      return answered
    },
    get maxInFlight() {
      return maxInFlight
    },
    reset(options) {
      latencyMs = options.latencyMs
      answered = 0
      maxInFlight = 0
    },
    async stop() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
