import { appEventSchema, type AppEvent } from '#common/events'

/** Parses one `data:` payload; anything that is not a known event is ignored (null). */
export function parseAppEvent(data: unknown): AppEvent | null {
  if (typeof data !== 'string') return null
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    return null
  }
  const result = appEventSchema.safeParse(json)
  return result.success ? result.data : null
}

type SubscribeOptions = {
  /** Called each time the stream (re)opens; a good moment to fetch a catch-up snapshot. */
  onOpen?: () => void
}

type Listener = { onEvent: (event: AppEvent) => void; onError: (error: Event) => void; onOpen?: () => void }

/** One connection per stream, whoever listens: a browser opens at most six to a host over HTTP/1.1. */
const streams = new Map<string, { source: EventSource; listeners: Set<Listener> }>()

function openStream(url: string) {
  const source = new EventSource(url)
  const listeners = new Set<Listener>()
  source.onmessage = (message: MessageEvent) => {
    const event = parseAppEvent(message.data)
    if (event) for (const listener of [...listeners]) listener.onEvent(event)
  }
  source.onerror = (error) => {
    for (const listener of [...listeners]) listener.onError(error)
  }
  source.onopen = () => {
    for (const listener of [...listeners]) listener.onOpen?.()
  }
  const stream = { source, listeners }
  streams.set(url, stream)
  return stream
}

/**
 * Listens to a same-origin Server-Sent Events stream of `AppEvent`s. Returns the unsubscribe
 * function. `onError` fires on a connection error; the caller decides whether to keep waiting
 * (EventSource reconnects by itself) or to unsubscribe and fall back to polling. Listeners of
 * one URL share its connection, closed when the last one leaves; one that joins an open stream
 * is told it is open.
 */
export function subscribeToEvents(
  url: string,
  onEvent: (event: AppEvent) => void,
  onError: (error: Event) => void,
  { onOpen }: SubscribeOptions = {},
): () => void {
  const stream = streams.get(url) ?? openStream(url)
  const listener: Listener = { onEvent, onError, onOpen }
  stream.listeners.add(listener)
  if (onOpen && stream.source.readyState === EventSource.OPEN) queueMicrotask(() => stream.listeners.has(listener) && onOpen())
  return () => {
    stream.listeners.delete(listener)
    if (stream.listeners.size > 0 || streams.get(url) !== stream) return
    stream.source.close()
    streams.delete(url)
  }
}
