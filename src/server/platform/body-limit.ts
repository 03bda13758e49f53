import { createMiddleware } from 'hono/factory'
import { REQUEST_BODY_LIMITS } from '#common/constants'
import { REQUEST_MESSAGES } from '#common/messages'
import { AppError } from './app-error.ts'

type Rule = { method: string; path: RegExp; maxBytes: number | null }

/**
 * Caps every request body at `defaultBytes` before anything reads it, so no route can be made to
 * buffer or store a huge body. A rule gives a route another limit, or none (`null`) for a route
 * that streams its body under its own limit. Answers 413 in the error contract, with
 * `Connection: close` (app.ts), once the refused body has been read and dropped (`dropRest`).
 */
export const limitRequestBody = (options: { defaultBytes: number; rules: Rule[] }) =>
  createMiddleware(async (c, next) => {
    const rule = options.rules.find((r) => r.method === c.req.method && r.path.test(c.req.path))
    const maxBytes = rule ? rule.maxBytes : options.defaultBytes
    const body = c.req.raw.body
    if (maxBytes === null || !body) return next()
    const limitMb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10
    const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', REQUEST_MESSAGES.bodyTooLarge(limitMb))

    const declared = c.req.raw.headers.has('transfer-encoding') ? null : c.req.raw.headers.get('content-length')
    if (declared !== null) {
      if (Number.parseInt(declared, 10) <= maxBytes) return next()
      await dropRest(body.getReader())
      throw tooLarge()
    }
    // No length given (chunked): read up to the limit, and hand the route what was read.
    const reader = body.getReader()
    const chunks: Uint8Array[] = []
    let size = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await dropRest(reader)
        throw tooLarge()
      }
      chunks.push(value)
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks, size) })
    return next()
  })

/**
 * Reads and drops the rest of a refused body before the 413 is sent (what nginx calls a lingering
 * close). Answered and closed while the body is still arriving, the server's kernel meets the
 * unread bytes with a reset: a client still writing gets EPIPE or ECONNRESET and never reads the
 * 413 (1 to 4 tries of 6 with 16 MB bodies). Read to its end, the body leaves nothing unread, so
 * the 413 and then the close reach the client. A body past `refusedDropBytes`, or one still
 * arriving after `refusedDropMs`, is cut off there: that client meets the reset.
 */
async function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const deadline = Date.now() + REQUEST_BODY_LIMITS.refusedDropMs
  let dropped = 0
  let timer: NodeJS.Timeout | undefined
  const timeUp = new Promise<'time_up'>((resolve) => {
    timer = setTimeout(() => resolve('time_up'), REQUEST_BODY_LIMITS.refusedDropMs)
  })
  try {
    while (Date.now() < deadline) {
      const read = await Promise.race([reader.read(), timeUp])
      if (read === 'time_up' || read.done) break
      dropped += read.value.byteLength
      if (dropped > REQUEST_BODY_LIMITS.refusedDropBytes) break
    }
  } finally {
    clearTimeout(timer)
    // Done: releases nothing that is still wanted. Cut off: closes the request's stream.
    await reader.cancel().catch(() => undefined)
  }
}
