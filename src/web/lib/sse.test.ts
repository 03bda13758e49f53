import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppEvent } from '#common/events'
import { subscribeToEvents } from './sse'

/** The browser's EventSource, as far as the subscriber uses it. */
class FakeEventSource {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static opened: FakeEventSource[] = []
  readyState = FakeEventSource.CONNECTING
  onmessage: ((message: MessageEvent) => void) | null = null
  onerror: ((error: Event) => void) | null = null
  onopen: (() => void) | null = null
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this)
  }
  open() {
    this.readyState = FakeEventSource.OPEN
    this.onopen?.()
  }
  send(event: AppEvent) {
    this.onmessage?.({ data: JSON.stringify(event) } as MessageEvent)
  }
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
}

const rowsAdded: AppEvent = { type: 'rows.added', uploadId: 'u1', added: 1, updated: 0, totalRows: 4 }

beforeEach(() => {
  FakeEventSource.opened = []
  vi.stubGlobal('EventSource', FakeEventSource)
})
afterEach(() => vi.unstubAllGlobals())

describe('live streams', () => {
  it('share one connection per address among their listeners, and close it when the last one leaves', async () => {
    const first: AppEvent[] = []
    const second: AppEvent[] = []
    const leaveFirst = subscribeToEvents('/api/uploads/u1/ai-fields/events', (e) => first.push(e), () => {})
    const opened = vi.fn()
    const leaveSecond = subscribeToEvents('/api/uploads/u1/ai-fields/events', (e) => second.push(e), () => {}, { onOpen: opened })
    expect(FakeEventSource.opened).toHaveLength(1)
    const source = FakeEventSource.opened[0]!
    source.open()
    expect(opened).toHaveBeenCalledTimes(1)
    source.send(rowsAdded)
    expect(first).toEqual([rowsAdded])
    expect(second).toEqual([rowsAdded])

    leaveFirst()
    expect(source.readyState).toBe(FakeEventSource.OPEN)
    source.send(rowsAdded)
    expect(first).toHaveLength(1)
    expect(second).toHaveLength(2)
    leaveSecond()
    expect(source.readyState).toBe(FakeEventSource.CLOSED)

    // The next listener opens a new connection.
    const leaveThird = subscribeToEvents('/api/uploads/u1/ai-fields/events', () => {}, () => {})
    expect(FakeEventSource.opened).toHaveLength(2)
    leaveThird()
  })

  it('tells a listener that joins an open stream that it is open', async () => {
    const leaveFirst = subscribeToEvents('/api/dashboard/events', () => {}, () => {})
    FakeEventSource.opened[0]!.open()
    const opened = vi.fn()
    const leaveSecond = subscribeToEvents('/api/dashboard/events', () => {}, () => {}, { onOpen: opened })
    await Promise.resolve()
    expect(opened).toHaveBeenCalledTimes(1)
    leaveFirst()
    leaveSecond()
  })
})
