import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { AppEvent } from '#common/events'
import { subscribe } from '#server/platform/events'
import type { AppEnv } from '#server/platform/hono-env'
import { requireUser } from '#server/platform/require-user'
import { getWorkspaceStats } from './dashboard.service.ts'

const KEEP_ALIVE_MS = 15_000

/** What the file lists need: a file or folder changed, or an import finished or failed. */
const isWorkspaceEvent = (event: AppEvent) =>
  event.type === 'workspace.changed' ||
  (event.type === 'upload.progress' && (event.status === 'completed' || event.status === 'failed'))

export const dashboardRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/stats', async (c) => c.json(await getWorkspaceStats({ userId: c.var.user.id })))
  // The signed-in user's channel for live file lists (001 §4), open while a list is on screen.
  .get('/events', async (c) => {
    const userId = c.var.user.id
    return streamSSE(c, async (stream) => {
      const queue: AppEvent[] = []
      let wake: (() => void) | undefined
      const unsubscribe = subscribe(userId, isWorkspaceEvent, (event) => {
        queue.push(event)
        wake?.()
      })
      stream.onAbort(unsubscribe)
      await stream.write(': connected\n\n')
      while (!stream.aborted) {
        await new Promise<void>((resolve) => {
          wake = resolve
          setTimeout(resolve, KEEP_ALIVE_MS)
        })
        wake = undefined
        if (queue.length === 0) {
          await stream.write(': keep-alive\n\n')
          continue
        }
        for (const event of queue.splice(0)) await stream.writeSSE({ data: JSON.stringify(event) })
      }
      unsubscribe()
    })
  })
