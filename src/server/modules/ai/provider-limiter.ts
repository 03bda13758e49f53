import { createHash } from 'node:crypto'
import type { AiCredentials } from './ai-credentials.ts'

/**
 * Calls in flight and calls started per minute, per provider account and process. A slot is
 * taken before a call and given back after it; waiting callers are served in order. Kept rather
 * than a library: p-limit has no per-minute limit, p-queue's and Bottleneck's are fixed windows
 * (twice the rate across a window's edge), and 10,000 acquisitions cost about the same as
 * p-limit's and p-queue's (1-9 µs each) and a thousand times less than Bottleneck's.
 */
export class ProviderLimiter {
  private active = 0
  private readonly waiting: Array<() => void> = []
  /** Start times of the calls of the last minute (only kept when a per-minute limit is set). */
  private readonly started: number[] = []
  private timer: NodeJS.Timeout | undefined

  constructor(
    readonly concurrency: number,
    readonly requestsPerMinute: number | undefined,
  ) {}

  /** Slots free right now, for claiming about as many cells as can start. */
  get free() {
    return Math.max(0, this.concurrency - this.active - this.waiting.length)
  }

  async acquire(): Promise<void> {
    if (this.canStart() && this.waiting.length === 0) {
      this.start()
      return
    }
    await new Promise<void>((resolve) => {
      this.waiting.push(resolve)
      this.schedule()
    })
  }

  release() {
    this.active -= 1
    this.drain()
  }

  private canStart() {
    if (this.active >= this.concurrency) return false
    if (!this.requestsPerMinute) return true
    const cutoff = Date.now() - 60_000
    while (this.started.length > 0 && this.started[0]! <= cutoff) this.started.shift()
    return this.started.length < this.requestsPerMinute
  }

  private start() {
    this.active += 1
    if (this.requestsPerMinute) this.started.push(Date.now())
  }

  private drain() {
    while (this.waiting.length > 0 && this.canStart()) {
      this.start()
      this.waiting.shift()!()
    }
    this.schedule()
  }

  /** Under a per-minute limit nobody may release a slot for a while: wake up when the window moves. */
  private schedule() {
    if (this.timer || this.waiting.length === 0 || !this.requestsPerMinute || this.active >= this.concurrency) return
    const oldest = this.started[0]
    if (oldest === undefined) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.drain()
    }, Math.max(1, oldest + 60_000 - Date.now()))
    this.timer.unref()
  }
}

const limiters = new Map<string, ProviderLimiter>()

/** Names a provider account without its secret: limits are kept per account. */
export function accountKey(credentials: AiCredentials) {
  const secret = createHash('sha256').update(credentials.apiKey).digest('hex').slice(0, 12)
  return `${credentials.provider}|${credentials.baseURL ?? ''}|${secret}`
}

/** The limiter of the provider account these credentials use, in this process. */
export function limiterFor(credentials: AiCredentials, concurrency: number, requestsPerMinute: number | undefined) {
  const key = `${accountKey(credentials)}|${concurrency}|${requestsPerMinute ?? ''}`
  let limiter = limiters.get(key)
  if (!limiter) {
    limiter = new ProviderLimiter(concurrency, requestsPerMinute)
    limiters.set(key, limiter)
  }
  return limiter
}
