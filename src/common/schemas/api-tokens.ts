import { z } from 'zod'
import { API_TOKENS } from '../constants.ts'
import { API_TOKEN_MESSAGES } from '../messages.ts'

/**
 * What a token may do (docs/decisions/019): `read` reads (GET, and the few POSTs that only read:
 * a plan, an estimate, an export); `read_write` does what its user can, except the session-only
 * routes (billing, AI keys, the account, tokens).
 */
export const apiTokenScopeSchema = z.enum(API_TOKENS.scopes, { error: API_TOKEN_MESSAGES.scopeRequired })
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>

/** API Settings' 'Create token' form: the same rule in the browser and on the server. */
export const createApiTokenSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, API_TOKEN_MESSAGES.nameRequired)
    .max(API_TOKENS.nameMaxLength, API_TOKEN_MESSAGES.nameTooLong(API_TOKENS.nameMaxLength)),
  /** Required: a token says what it may do when it is made. */
  scope: apiTokenScopeSchema,
  /** When the token stops working; null or absent: never. The server refuses a time already past. */
  expires_at: z.iso.datetime({ offset: true, error: API_TOKEN_MESSAGES.expiryInvalid }).nullable().optional(),
})
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>

/** A token as listed: never the token itself, only the characters it starts with. */
export const apiTokenSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The token's first characters (`rc_AbC1234`), to tell tokens apart. */
  start: z.string(),
  scope: apiTokenScopeSchema,
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
  expires_at: z.iso.datetime().nullable(),
  /** True once `expires_at` has passed (by the server's clock): calls with it answer 401. */
  expired: z.boolean(),
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
