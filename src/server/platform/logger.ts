import { pino, type Logger } from 'pino'

export type { Logger }

/** What a database error may carry of the values it was given: a statement's parameters, a row's key in `detail`. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'hint'])

type SerializedError = { type: string; message: string; stack?: string; [key: string]: unknown }

/**
 * Errors as logged: a failed query's statement and its error, never its values. Drizzle writes the
 * parameters into its message (`Failed query: ...\nparams: ...`), and PostgreSQL's `detail`
 * quotes the offending row, so users' questions and cell values would land in the server log.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error
  const message = error.message.replace(/\nparams: [\s\S]*$/, '')
  const serialized: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: error.stack?.replace(error.message, message),
  }
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_FIELDS.has(key) || key === 'cause' || typeof value === 'function') continue
    serialized[key] = value
  }
  if (error.cause !== undefined && depth < 5) serialized.cause = serializeError(error.cause, depth + 1)
  return serialized
}

export function createLogger(options: { level: string; pretty: boolean }): Logger {
  const serializers = { err: serializeError, error: serializeError }
  if (!options.pretty) return pino({ level: options.level, serializers })
  return pino({
    level: options.level,
    serializers,
    transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } },
  })
}

/** Replaced at boot by `bootstrap()`; silent until then so imports never print. */
export let logger: Logger = pino({ level: 'silent' })

export function setLogger(next: Logger) {
  logger = next
}
