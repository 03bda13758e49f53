import { pino, type Logger } from 'pino'

export type { Logger }

export function createLogger(options: { level: string; pretty: boolean }): Logger {
  if (!options.pretty) return pino({ level: options.level })
  return pino({
    level: options.level,
    transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } },
  })
}

/** Replaced at boot by `bootstrap()`; silent until then so imports never print. */
export let logger: Logger = pino({ level: 'silent' })

export function setLogger(next: Logger) {
  logger = next
}
