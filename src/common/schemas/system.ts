import { z } from 'zod'

/** GET /api/health: the database answered. */
export const healthSchema = z.object({ status: z.literal('ok') })

/** GET /api/me: the signed-in user (Better Auth's user; fields beyond these may be added). */
export const meSchema = z.object({
  user: z.looseObject({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
  }),
})

/** GET /api/openapi.json: this document (OpenAPI 3.1). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
})
