import { Hono } from 'hono'
import { z } from 'zod'
import { saveSecretSchema, secretNameSchema } from '#common/schemas/sources'
import type { AppEnv } from '#server/platform/hono-env'
import { refuseApiTokens } from '#server/platform/refuse-api-tokens'
import { requireUser } from '#server/platform/require-user'
import { validate } from '#server/platform/validate'
import { listSecrets, removeSecret, saveSecret } from './secrets.service.ts'

const nameParam = z.object({ name: secretNameSchema })

/**
 * Named secrets for HTTP API columns: a browser session only, like the AI keys (decision 019). A
 * token that could set one could point a column's key at any address; one that could read them
 * would leak every provider key the user has.
 */
export const secretsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .use(refuseApiTokens)
  .get('/', async (c) => c.json(await listSecrets({ userId: c.var.user.id })))
  .put('/:name', validate('param', nameParam), validate('json', saveSecretSchema), async (c) =>
    c.json(await saveSecret({ userId: c.var.user.id, name: c.req.valid('param').name, value: c.req.valid('json').value })),
  )
  .delete('/:name', validate('param', nameParam), async (c) => c.json(await removeSecret({ userId: c.var.user.id, name: c.req.valid('param').name })))
