import { join } from 'node:path'
import { connectDatabase, type DatabaseHandle } from '#server/db/client'
import { setEnv, type Env } from '#server/env'
import { createAuth, setAuth } from '#server/modules/auth/auth'
import { createLogger, setLogger, type Logger } from '#server/platform/logger'
import { createMailer, setMailer } from '#server/platform/mail'
import { setSessionLookup } from '#server/platform/require-user'

export type Runtime = { env: Env; database: DatabaseHandle; logger: Logger; close: () => Promise<void> }

/** Wires the process-wide services in order: config, logs, database (migrated), mail, auth. */
export async function bootstrap(
  env: Env,
  options: { logger?: Logger; inMemoryDatabase?: boolean; pgliteTemplate?: Blob } = {},
): Promise<Runtime> {
  setEnv(env)
  const logger =
    options.logger ?? createLogger({ level: env.LOG_LEVEL, pretty: !env.isProduction && process.stdout.isTTY })
  setLogger(logger)

  const database = await connectDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.DATABASE_URL || options.inMemoryDatabase ? undefined : join(env.DATA_DIR, 'pglite'),
    pgliteTemplate: env.DATABASE_URL ? undefined : options.pgliteTemplate,
  })
  setMailer(
    createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: join(env.DATA_DIR, 'outbox'),
      // Beside the log line, not in it: JSON logs (no terminal) would bury the link in a field.
      announce: env.LOG_LEVEL === 'silent' ? undefined : (line) => process.stdout.write(line),
    }),
  )
  const auth = createAuth({ db: database.db, env })
  setAuth(auth)
  setSessionLookup((headers) => auth.api.getSession({ headers }))

  return { env, database, logger, close: () => database.close() }
}
