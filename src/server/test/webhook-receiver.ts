import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Received = { path: string; headers: Record<string, string>; body: string }
export type WebhookReceiver = { url: string; received: Received[]; answers: Map<string, number[]>; stop: () => Promise<void> }

/** A local webhook receiver: records every call and answers each path from its `answers` in turn (then 204). */
export function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = []
  const answers = new Map<string, number[]>()
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers as Record<string, string>, body })
      const status = answers.get(req.url ?? '')?.shift() ?? 204
      // A redirect points back at this receiver: a follow would be seen as a call to /redirected.
      if (status === 302) res.writeHead(302, { location: `http://${req.headers.host}/redirected` })
      else res.writeHead(status)
      res.end()
    })
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({ url: `http://127.0.0.1:${port}`, received, answers, stop: () => new Promise((done) => server.close(() => done())) })
    })
  })
}
