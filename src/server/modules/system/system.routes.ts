import { Hono } from 'hono'
import { sql } from 'drizzle-orm'
import { publicConfigSchema, type PublicConfig } from '#common/schemas/auth'
import { db } from '#server/db/client'
import { env } from '#server/env'
import type { AppEnv } from '#server/platform/hono-env'
import { requireUser } from '#server/platform/require-user'
import { healthSchema, meSchema } from '#common/schemas/system'
import { documented } from '#server/platform/openapi'

export const systemRoutes = new Hono<AppEnv>()
  .get('/health', documented({ response: healthSchema }), async (c) => {
    await db.execute(sql`SELECT 1`)
    return c.json({ status: 'ok' as const })
  })
  .get('/config', documented({ response: publicConfigSchema }), (c) =>
    c.json({
      googleEnabled: env.googleEnabled,
      billingProvider: env.billingProvider,
      maxUploadMb: env.MAX_UPLOAD_MB,
    } satisfies PublicConfig),
  )
  .get('/me', requireUser, documented({ response: meSchema }), (c) => c.json({ user: c.var.user }))
