import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { foregroundRequests, trackForeground, waitForIdle, yieldToForeground } from './foreground.ts'

/** An app whose requests stay open until the test lets them go. */
function appWithHeldRequests() {
  const release: Array<() => void> = []
  const app = new Hono()
  app.use('/api/*', trackForeground())
  const hold = () => new Promise<void>((resolve) => release.push(resolve))
  app.get('/api/slow', async (c) => {
    await hold()
    return c.text('ok')
  })
  app.get('/api/uploads/u1/events', async (c) => {
    await hold()
    return c.text('stream')
  })
  return { app, releaseAll: () => release.splice(0).forEach((go) => go()) }
}

const settled = async (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))])

describe('yieldToForeground', () => {
  it('goes on at once when no request is being answered', async () => {
    const started = performance.now()
    await yieldToForeground()
    expect(performance.now() - started).toBeLessThan(100)
  })

  it('waits while a request is answered and goes on when it ends', async () => {
    const { app, releaseAll } = appWithHeldRequests()
    const response = app.request('/api/slow')
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(foregroundRequests()).toBe(1)
    const step = yieldToForeground(5_000)
    expect(await settled(step, 150)).toBe(false)
    releaseAll()
    expect(await (await response).text()).toBe('ok')
    expect(await settled(step, 500)).toBe(true)
    expect(foregroundRequests()).toBe(0)
  })

  it('goes on after its longest wait however busy the server is', async () => {
    const { app, releaseAll } = appWithHeldRequests()
    const response = app.request('/api/slow')
    await new Promise((resolve) => setTimeout(resolve, 10))
    const started = performance.now()
    await yieldToForeground(120)
    const waited = performance.now() - started
    expect(waited).toBeGreaterThanOrEqual(100)
    expect(waited).toBeLessThan(2_000)
    releaseAll()
    await response
  })

  it("does not wait for the request whose own work it is, only for the others", async () => {
    const { app, releaseAll } = appWithHeldRequests()
    let ownStepMs = -1
    app.get('/api/work', async (c) => {
      const started = performance.now()
      await yieldToForeground(5_000)
      ownStepMs = performance.now() - started
      return c.text('done')
    })
    expect(await (await app.request('/api/work')).text()).toBe('done')
    expect(ownStepMs).toBeGreaterThanOrEqual(0)
    expect(ownStepMs).toBeLessThan(1_000)

    const held = app.request('/api/slow')
    await new Promise((resolve) => setTimeout(resolve, 10))
    const work = app.request('/api/work')
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(foregroundRequests()).toBe(2)
    releaseAll()
    expect(await (await work).text()).toBe('done')
    expect(ownStepMs).toBeGreaterThanOrEqual(100)
    await held
  })

  it('does not wait for live event streams', async () => {
    const { app, releaseAll } = appWithHeldRequests()
    const stream = app.request('/api/uploads/u1/events', { headers: { accept: 'text/event-stream' } })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(foregroundRequests()).toBe(0)
    expect(await settled(yieldToForeground(5_000), 200)).toBe(true)
    releaseAll()
    await stream
  })
})

describe('waitForIdle', () => {
  it('waits until no request has come for the quiet time', async () => {
    const { app, releaseAll } = appWithHeldRequests()
    const response = app.request('/api/slow')
    await new Promise((resolve) => setTimeout(resolve, 10))
    const idle = waitForIdle(200)
    expect(await settled(idle, 300)).toBe(false)
    releaseAll()
    await response
    const endedAt = performance.now()
    await idle
    expect(performance.now() - endedAt).toBeGreaterThanOrEqual(150)
  })
})
