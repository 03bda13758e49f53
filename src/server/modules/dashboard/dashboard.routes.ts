import { Hono } from 'hono'
import type { AppEnv } from '#server/platform/hono-env'
import { requireUser } from '#server/platform/require-user'
import { getWorkspaceStats } from './dashboard.service.ts'

export const dashboardRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/stats', async (c) => c.json(await getWorkspaceStats({ userId: c.var.user.id })))
