import { Hono } from 'hono'
import { API_KEY_MESSAGES } from '#common/messages'
import { saveApiKeySchema, updateKeyPreferenceSchema } from '#common/schemas/api-keys'
import type { AppEnv } from '#server/platform/hono-env'
import { refuseApiTokens } from '#server/platform/refuse-api-tokens'
import { requireUser } from '#server/platform/require-user'
import { validate, validateIds } from '#server/platform/validate'
import { getApiSettings, removeApiKey, saveApiKey, updateKeyPreference } from './api-keys.service.ts'

/**
 * The user's own AI keys and base URL: a browser session only (decision 019). A token that set
 * them could send every future run's rows to an address of its choosing, long after it is revoked.
 */
export const apiKeysRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .use(refuseApiTokens)
  .get('/', async (c) => c.json(await getApiSettings({ userId: c.var.user.id })))
  .post('/', validate('json', saveApiKeySchema), async (c) =>
    c.json(await saveApiKey({ userId: c.var.user.id, ...c.req.valid('json') }), 201),
  )
  .put('/preference', validate('json', updateKeyPreferenceSchema), async (c) =>
    c.json(await updateKeyPreference({ userId: c.var.user.id, ...c.req.valid('json') })),
  )
  .delete('/:id', validateIds({ id: API_KEY_MESSAGES.keyNotFound }), async (c) =>
    c.json(await removeApiKey({ userId: c.var.user.id, id: c.req.valid('param').id })),
  )
