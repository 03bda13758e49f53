import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

// What the components' libraries reach for and jsdom does not have (Radix's popper and select).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Element.prototype.scrollIntoView ??= function scrollIntoView() {}
Element.prototype.hasPointerCapture ??= () => false
Element.prototype.releasePointerCapture ??= () => {}
// The grid's live stream (src/web/lib/sse.ts): a connection that never opens, as with no server.
globalThis.EventSource ??= class {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  readyState = 0
  onmessage = null
  onerror = null
  onopen = null
  close() {
    this.readyState = 2
  }
} as unknown as typeof EventSource

// A stray console.error fails the test that caused it, as on the server side.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
  })
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  localStorage.clear()
})
