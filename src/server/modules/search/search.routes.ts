import { Hono } from 'hono'
import { searchQuerySchema } from '#common/schemas/search'
import type { AppEnv } from '#server/platform/hono-env'
import { requireUser } from '#server/platform/require-user'
import { validate } from '#server/platform/validate'
import { searchRows } from './search.service.ts'
import { searchResultSchema } from '#common/schemas/search'
import { documented } from '#server/platform/openapi'

/** Mounted at /api/search: the home dashboard's search over every row of the user's files. */
export const searchRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', documented({ response: searchResultSchema }), validate('query', searchQuerySchema), async (c) => c.json(await searchRows({ userId: c.var.user.id, q: c.req.valid('query').q })))
