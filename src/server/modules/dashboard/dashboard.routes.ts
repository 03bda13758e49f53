import { Hono } from 'hono'
import type { AppEvent } from '#common/events'
import { streamEvents } from '#server/platform/events'
import type { AppEnv } from '#server/platform/hono-env'
import { documented } from '#server/platform/openapi'
import { requireUser } from '#server/platform/require-user'
import { getWorkspaceStats } from './dashboard.service.ts'
import { workspaceStatsSchema } from '#common/schemas/folders'

/** What the file lists need: a file or folder changed, or an import finished or failed. */
const isWorkspaceEvent = (event: AppEvent) =>
  event.type === 'workspace.changed' ||
  (event.type === 'upload.progress' && (event.status === 'completed' || event.status === 'failed'))

export const dashboardRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/stats', documented({ response: workspaceStatsSchema }), async (c) => c.json(await getWorkspaceStats({ userId: c.var.user.id })))
  // The signed-in user's channel for live file lists (001 §4), open while a list is on screen.
  .get('/events', documented({ summary: 'Live file list changes as Server-Sent Events', produces: 'text/event-stream' }), (c) => streamEvents(c, { userId: c.var.user.id, filter: isWorkspaceEvent }))
