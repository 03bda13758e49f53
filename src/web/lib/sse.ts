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

/**
 * Listens to a same-origin Server-Sent Events stream of `AppEvent`s. Returns the unsubscribe
 * function. `onError` fires on a connection error; the caller decides whether to keep waiting
 * (EventSource reconnects by itself) or to unsubscribe and fall back to polling.
 */
export function subscribeToEvents(
  url: string,
  onEvent: (event: AppEvent) => void,
  onError: (error: Event) => void,
  { onOpen }: SubscribeOptions = {},
): () => void {
  const source = new EventSource(url)
  source.onmessage = (message: MessageEvent) => {
    const event = parseAppEvent(message.data)
    if (event) onEvent(event)
  }
  source.onerror = onError
  if (onOpen) source.onopen = onOpen
  return () => source.close()
}
