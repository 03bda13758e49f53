import { afterEach, describe, expect, it, vi } from 'vitest'
import { RESTRICTED_STATUS } from '#common/schemas/billing'
import { getSubscriptionOrRestricted } from './get-subscription.ts'

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })))
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the subscription check', () => {
  it('falls back to the restricted state when the check fails', async () => {
    answer(500, { error: { code: 'INTERNAL', message: 'boom' } })
    expect(await getSubscriptionOrRestricted()).toEqual({ ...RESTRICTED_STATUS, check_failed: true })
  })

  it('falls back when the network is down', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    expect(await getSubscriptionOrRestricted()).toMatchObject({ has_access: false, current_credits: 0, check_failed: true })
  })

  it('leaves a lost session to the route guard', async () => {
    answer(401, { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } })
    await expect(getSubscriptionOrRestricted()).rejects.toMatchObject({ status: 401 })
  })

  it('returns the status the server sent', async () => {
    answer(200, { ...RESTRICTED_STATUS, has_access: true, current_credits: 1500 })
    expect(await getSubscriptionOrRestricted()).toMatchObject({ has_access: true, current_credits: 1500 })
  })
})
