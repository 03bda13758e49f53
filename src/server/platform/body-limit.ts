import { createMiddleware } from 'hono/factory'
import { bodyLimit } from 'hono/body-limit'
import { REQUEST_MESSAGES } from '#common/messages'
import { AppError } from './app-error.ts'

type Rule = { method: string; path: RegExp; maxBytes: number | null }

/**
 * Caps every request body at `defaultBytes` before anything reads it, so no route can be made to
 * buffer or store a huge body. A rule gives a route another limit, or none (`null`) for a route
 * that streams its body under its own limit. Answers 413 in the error contract.
 */
export const limitRequestBody = (options: { defaultBytes: number; rules: Rule[] }) =>
  createMiddleware(async (c, next) => {
    const rule = options.rules.find((r) => r.method === c.req.method && r.path.test(c.req.path))
    const maxBytes = rule ? rule.maxBytes : options.defaultBytes
    if (maxBytes === null) return next()
    const limitMb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10
    return bodyLimit({
      maxSize: maxBytes,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', REQUEST_MESSAGES.bodyTooLarge(limitMb))
      },
    })(c, next)
  })
