import type { Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from '#server/app'
import { bootstrap } from '#server/bootstrap'
import { loadEnv } from '#server/env'
import { allJobs } from '#server/jobs'
import { startEvents, stopEvents } from '#server/platform/events'
import { startQueue, stopQueue } from '#server/platform/queue'
import { recoverEnrichmentRuns } from '#server/modules/enrichment/enrichment.jobs'
import { loopbackAliasesOf } from '#server/platform/trusted-origins'

type Role = 'all' | 'api' | 'worker'

function parseRole(argv: string[]): Role {
  const index = argv.indexOf('--role')
  const role = index >= 0 ? argv[index + 1] : 'all'
  if (role === 'all' || role === 'api' || role === 'worker') return role
  console.error(`Unknown --role "${role}". Use all, api or worker.`)
  process.exit(2)
}

async function main() {
  const started = performance.now()
  const role = parseRole(process.argv.slice(2))
  let env
  try {
    env = loadEnv()
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
  if (role === 'worker' && !env.DATABASE_URL) {
    console.error('--role worker needs DATABASE_URL: PGlite lives inside one process, so run `npm start` instead.')
    process.exit(1)
  }

  const runtime = await bootstrap(env)
  const { logger } = runtime
  const closers: Array<() => Promise<void> | void> = []

  await startEvents({ driver: runtime.database.driver, databaseUrl: env.DATABASE_URL })
  closers.push(stopEvents)
  await startQueue({
    driver: runtime.database.driver,
    databaseUrl: env.DATABASE_URL,
    jobs: allJobs,
    work: role !== 'api',
    role,
    // Its jobs went to other processes: running on would do them twice. A supervisor restarts it.
    onDeclaredStopped: () => {
      logger.fatal({ event: 'server.exit', reason: 'heartbeat_missed' }, 'Stopping: this process missed its queue heartbeats.')
      process.exit(1)
    },
  })
  closers.push(stopQueue)
  // AI runs left unfinished by a stopped process carry on now rather than at the next minute's check.
  if (role !== 'api') await recoverEnrichmentRuns({ atStartup: true })

  if (role !== 'worker') {
    const webDir = fileURLToPath(new URL('../../dist/web', import.meta.url))
    const app = createApp({ webDir })
    const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => {
      logger.info(
        { event: 'server.listening', role, port: env.PORT, startupMs: Math.round(performance.now() - started) },
        `Rowcraft is running at ${env.PUBLIC_URL} (${env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${env.DATA_DIR}`}): open that address${
          loopbackAliasesOf(env.PUBLIC_URL).length > 0 ? ` or ${loopbackAliasesOf(env.PUBLIC_URL)[0]}` : ''
        } in your browser (other addresses are refused as another site; set PUBLIC_URL to serve another)`,
      )
    })
    closers.unshift(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve())
          // Open event streams would hold the server forever; give requests a moment, then cut.
          setTimeout(() => (server as Server).closeAllConnections?.(), 2000).unref()
        }),
    )
  }

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ event: 'server.stopping', signal })
    for (const close of closers) await close()
    await runtime.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((error: unknown) => {
  // Whatever step failed (database, migrations, queue), the process says why and does not half-run.
  console.error(`Rowcraft could not start: ${error instanceof Error ? error.message : String(error)}`)
  console.error(error)
  process.exit(1)
})
