import { Hono } from 'hono'
import { API_TOKEN_MESSAGES } from '#common/messages'
import { createApiTokenSchema } from '#common/schemas/api-tokens'
import type { AppEnv } from '#server/platform/hono-env'
import { refuseApiTokens } from '#server/platform/refuse-api-tokens'
import { requireUser } from '#server/platform/require-user'
import { validate, validateIds } from '#server/platform/validate'
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.ts'

/** API Settings' 'API tokens': a browser session only, so a token cannot mint or revoke tokens. */
export const apiTokensRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .use(refuseApiTokens)
  .get('/', async (c) => c.json(await listApiTokens({ userId: c.var.user.id })))
  .post('/', validate('json', createApiTokenSchema), async (c) =>
    c.json(await createApiToken({ userId: c.var.user.id, ...c.req.valid('json') }), 201),
  )
  .delete('/:id', validateIds({ id: API_TOKEN_MESSAGES.notFound }), async (c) =>
    c.json(await revokeApiToken({ userId: c.var.user.id, id: c.req.valid('param').id })),
  )
