import { z } from 'zod'
import { API_TOKENS } from '../constants.ts'
import { API_TOKEN_MESSAGES } from '../messages.ts'

/** API Settings' 'Create token' form: the same rule in the browser and on the server. */
export const createApiTokenSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, API_TOKEN_MESSAGES.nameRequired)
    .max(API_TOKENS.nameMaxLength, API_TOKEN_MESSAGES.nameTooLong(API_TOKENS.nameMaxLength)),
})
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>

/** A token as listed: never the token itself, only the characters it starts with. */
export const apiTokenSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The token's first characters (`rc_AbC1234`), to tell tokens apart. */
  start: z.string(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
})
export type ApiTokenSummary = z.infer<typeof apiTokenSummarySchema>

/** The answer to a create: the only time the token is ever shown. */
export const createdApiTokenSchema = apiTokenSummarySchema.extend({ token: z.string() })
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>

export const apiTokenListSchema = z.object({
  tokens: z.array(apiTokenSummarySchema),
  max_tokens: z.number().int(),
})
export type ApiTokenList = z.infer<typeof apiTokenListSchema>

/** The exact shape of a token; anything else is malformed and refused without a lookup. */
export const API_TOKEN_PATTERN = new RegExp(`^${API_TOKENS.prefix}[A-Za-z0-9_-]{43}$`)
