import { afterEach, beforeEach, vi } from 'vitest'

// A stray console.error fails the test that caused it (epic-stack's habit).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
  })
})

afterEach(() => {
  vi.restoreAllMocks()
})
