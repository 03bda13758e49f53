import { appEventSchema, type AppEvent } from '#common/events'

/** Reads a Server-Sent Events response until an event `isLast` accepts (or the stream ends), then closes it. */
export async function readEvents(res: Response, isLast: (event: AppEvent) => boolean): Promise<AppEvent[]> {
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  const events: AppEvent[] = []
  let buffer = ''
  while (!events.some(isLast)) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += decoder.decode(value)
    for (const block of buffer.split('\n\n').slice(0, -1)) {
      const data = block.split('\n').find((line) => line.startsWith('data: '))
      if (data) events.push(appEventSchema.parse(JSON.parse(data.slice(6))))
    }
    buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2)
  }
  await reader.cancel()
  return events
}
