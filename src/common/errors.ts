import { z } from 'zod'

/** One error contract for the whole API (CONVENTIONS §6): `{ error: { code, message, details? } }`. */

export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const

export type ErrorCode = keyof typeof errorStatus

export const errorCodeSchema = z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]])

export const apiErrorBodySchema = z.object({
  error: z.object({ code: errorCodeSchema, message: z.string(), details: z.unknown().optional() }),
})
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>
