import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeStripeRequest = { method: string; path: string; params: URLSearchParams; idempotencyKey: string | null }

/**
 * A Stripe-shaped HTTP server for tests: the real `stripe` SDK is pointed at it (STRIPE_API_BASE)
 * and it answers the calls Rowcraft makes (customers, Checkout, the portal, invoices, cancelling a subscription) with
 * objects of Stripe's shape. Form bodies are kept for assertions.
 */
export class FakeStripeServer {
  readonly requests: FakeStripeRequest[] = []
  readonly invoices: Array<Record<string, unknown>> = []
  private server?: Server
  private customersByKey = new Map<string, Record<string, unknown>>()
  /** When set, the next calls answer with this status and a Stripe error body. */
  failWith: number | null = null

  get url() {
    const address = this.server?.address() as AddressInfo
    return `http://127.0.0.1:${address.port}`
  }

  async start() {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        ({ status, body }) => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` })
          res.end(JSON.stringify(body))
        },
        (error: Error) => {
          res.writeHead(500, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ error: { type: 'api_error', message: error.message } }))
        },
      )
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    return this
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()))
  }

  requestsTo(path: string) {
    return this.requests.filter((r) => r.path === path)
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? '/', 'http://stripe.test')
    let raw = ''
    for await (const chunk of req) raw += chunk
    const params = new URLSearchParams(req.method === 'GET' ? url.search : raw)
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, params, idempotencyKey })
    if (!req.headers.authorization?.startsWith('Bearer sk_test_')) {
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } }
    }
    if (this.failWith) return { status: this.failWith, body: { error: { type: 'api_error', message: 'Fake outage' } } }
    const created = Math.floor(Date.now() / 1000)

    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      const existing = idempotencyKey ? this.customersByKey.get(idempotencyKey) : undefined
      if (existing) return { status: 200, body: existing }
      const customer = { id: `cus_${randomBytes(7).toString('hex')}`, object: 'customer', created, email: params.get('email'), name: params.get('name'), metadata: { userId: params.get('metadata[userId]') } }
      if (idempotencyKey) this.customersByKey.set(idempotencyKey, customer)
      return { status: 200, body: customer }
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = `cs_test_${randomBytes(8).toString('hex')}`
      return {
        status: 200,
        body: {
          id,
          object: 'checkout.session',
          created,
          mode: params.get('mode'),
          customer: params.get('customer'),
          client_reference_id: params.get('client_reference_id'),
          status: 'open',
          url: `https://checkout.stripe.test/c/pay/${id}`,
        },
      }
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      return {
        status: 200,
        body: {
          id: `bps_${randomBytes(6).toString('hex')}`,
          object: 'billing_portal.session',
          created,
          customer: params.get('customer'),
          return_url: params.get('return_url'),
          url: `https://billing.stripe.test/p/session/${randomBytes(6).toString('hex')}`,
        },
      }
    }
    const cancel = req.method === 'DELETE' ? /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname) : null
    if (cancel) {
      return { status: 200, body: { id: cancel[1], object: 'subscription', status: 'canceled', canceled_at: created, customer: null } }
    }
    if (req.method === 'GET' && url.pathname === '/v1/invoices') {
      const data = this.invoices.filter((i) => i.customer === params.get('customer'))
      return { status: 200, body: { object: 'list', url: '/v1/invoices', has_more: false, data } }
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } } }
  }
}
