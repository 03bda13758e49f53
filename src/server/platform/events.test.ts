import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEvent, AppEventOf } from '#common/events'
import { publish, streamEvents } from './events.ts'

const progress = (uploadId: string, status: 'processing' | 'completed', processedRows: number): AppEvent => ({
  type: 'upload.progress',
  uploadId,
  status,
  processedRows,
  totalRows: null,
  bytesRead: 0,
  totalBytes: 10,
  validRows: processedRows,
  skippedRows: 0,
  errorMessage: null,
})

const app = new Hono().get('/events/:uploadId', (c) =>
  streamEvents(c, {
    userId: 'alice',
    filter: (event) => event.type === 'upload.progress' && event.uploadId === c.req.param('uploadId'),
    snapshot: () => [progress(c.req.param('uploadId'), 'processing', 0)],
    isLast: (event) => event.type === 'upload.progress' && event.status === 'completed',
  }),
)

/** Reads the whole stream (it ends after the last event) and returns its events in order. */
async function readEvents(res: Response) {
  const text = await res.text()
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as AppEventOf<'upload.progress'>)
}

describe('streamEvents', () => {
  it('sends the snapshot, then only the user’s matching events, and ends after the last one', async () => {
    const res = await app.request('/events/u1')
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const events = readEvents(res)
    // Give the stream a moment to subscribe before publishing.
    await new Promise((resolve) => setTimeout(resolve, 20))
    await publish('bob', progress('u1', 'processing', 99))
    await publish('alice', progress('u2', 'processing', 98))
    await publish('alice', progress('u1', 'processing', 5))
    await publish('alice', progress('u1', 'completed', 7))
    await publish('alice', progress('u1', 'processing', 8))
    expect((await events).map((event) => [event.uploadId, event.status, event.processedRows])).toEqual([
      ['u1', 'processing', 0],
      ['u1', 'processing', 5],
      ['u1', 'completed', 7],
    ])
  })

  it('ends at once when the snapshot is already the last event', async () => {
    const done = new Hono().get('/', (c) =>
      streamEvents(c, { userId: 'alice', filter: () => true, snapshot: () => [progress('u3', 'completed', 3)], isLast: () => true }),
    )
    const events = await readEvents(await done.request('/'))
    expect(events).toHaveLength(1)
  })
})
