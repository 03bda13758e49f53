import { EventEmitter } from 'node:events'
import type { Context } from 'hono'
import { streamSSE } from 'hono/streaming'
import pg from 'pg'
import { appEventSchema, type AppEvent } from '#common/events'
import type { Driver } from '#server/db/client'
import { logger } from './logger.ts'

/**
 * The event bus: in-process listeners, bridged across processes with LISTEN/NOTIFY when the
 * database is a PostgreSQL server (an API process streams what a worker publishes). With PGlite
 * everything runs in one process, so the local emitter is the whole bus.
 */

const CHANNEL = 'rowcraft_events'
type Envelope = { userId: string; event: AppEvent }

const local = new EventEmitter()
local.setMaxListeners(0)

let notifyPool: pg.Pool | undefined
let listener: pg.Client | undefined
/** Other channels on the same LISTEN connection (`listen`/`notify`), one handler each. */
const channelHandlers = new Map<string, (payload: string) => void>()

export async function startEvents(options: { driver: Driver; databaseUrl?: string }) {
  if (options.driver.kind !== 'pg' || !options.databaseUrl) return
  notifyPool = options.driver.pool
  listener = new pg.Client({ connectionString: options.databaseUrl })
  await listener.connect()
  listener.on('notification', (message) => {
    if (!message.payload) return
    if (message.channel !== CHANNEL) {
      channelHandlers.get(message.channel)?.(message.payload)
      return
    }
    try {
      const envelope = JSON.parse(message.payload) as Envelope
      const parsed = appEventSchema.safeParse(envelope.event)
      if (parsed.success) local.emit('event', { userId: envelope.userId, event: parsed.data })
    } catch (error) {
      logger.warn({ event: 'events.bad_payload', err: error })
    }
  })
  listener.on('error', (error) => logger.error({ event: 'events.listener_error', err: error }))
  await listener.query(`LISTEN ${CHANNEL}`)
  for (const channel of channelHandlers.keys()) await listener.query(`LISTEN ${channel}`)
}

export async function stopEvents() {
  await listener?.end().catch(() => {})
  listener = undefined
  notifyPool = undefined
}

/**
 * Calls `handler` with every payload `notify` sends on `channel`, from any process (a plain
 * identifier: it is written into LISTEN). Returns the function that stops it.
 */
export async function listen(channel: string, handler: (payload: string) => void): Promise<() => void> {
  channelHandlers.set(channel, handler)
  await listener?.query(`LISTEN ${channel}`)
  return () => {
    if (channelHandlers.get(channel) === handler) channelHandlers.delete(channel)
  }
}

/** Sends `payload` to the `channel` listeners of every process (of this one alone with PGlite). */
export async function notify(channel: string, payload: string) {
  if (notifyPool) await notifyPool.query('SELECT pg_notify($1, $2)', [channel, payload])
  else channelHandlers.get(channel)?.(payload)
}

/** Publishes to every process; events always carry the owner so streams can filter by user. */
export async function publish(userId: string, event: AppEvent) {
  const envelope: Envelope = { userId, event }
  if (notifyPool) {
    await notifyPool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(envelope)])
    return
  }
  local.emit('event', envelope)
}

/** Calls `onEvent` for the user's events that pass `filter`; returns the unsubscribe function. */
export function subscribe(userId: string, filter: (event: AppEvent) => boolean, onEvent: (event: AppEvent) => void) {
  const handler = (envelope: Envelope) => {
    if (envelope.userId === userId && filter(envelope.event)) onEvent(envelope.event)
  }
  local.on('event', handler)
  return () => {
    local.off('event', handler)
  }
}

const KEEP_ALIVE_MS = 15_000

export type StreamEventsOptions = {
  userId: string
  /** Which of the user's events this stream carries. */
  filter: (event: AppEvent) => boolean
  /** Events sent first (the current state), read after subscribing so nothing falls between. */
  snapshot?: () => AppEvent[] | Promise<AppEvent[]>
  /** An event after which the stream ends (a finished import); without it the client closes. */
  isLast?: (event: AppEvent) => boolean
  keepAliveMs?: number
}

/**
 * Answers a request with a Server-Sent Events stream of the user's events that pass `filter`:
 * the snapshot first, then each event as it is published, a keep-alive comment when quiet.
 */
export function streamEvents(c: Context, { userId, filter, snapshot, isLast, keepAliveMs = KEEP_ALIVE_MS }: StreamEventsOptions) {
  return streamSSE(c, async (stream) => {
    // Unnamed events reach EventSource.onmessage; the payload's `type` tells them apart.
    const send = (event: AppEvent) => stream.writeSSE({ data: JSON.stringify(event) })
    const queue: AppEvent[] = []
    let wake: (() => void) | undefined
    const unsubscribe = subscribe(userId, filter, (event) => {
      queue.push(event)
      wake?.()
    })
    stream.onAbort(unsubscribe)
    let finished = false
    const sendAll = async (events: AppEvent[]) => {
      for (const event of events) {
        await send(event)
        if (isLast?.(event)) {
          finished = true
          return
        }
      }
    }
    if (snapshot) await sendAll(await snapshot())
    while (!finished && !stream.aborted) {
      // Events that arrived while the last ones were being written go out without waiting.
      if (queue.length === 0) {
        let timer: NodeJS.Timeout | undefined
        await new Promise<void>((resolve) => {
          wake = resolve
          timer = setTimeout(resolve, keepAliveMs)
        })
        clearTimeout(timer)
        wake = undefined
      }
      if (queue.length === 0) {
        await stream.write(': keep-alive\n\n')
        continue
      }
      await sendAll(queue.splice(0))
    }
    unsubscribe()
  })
}
