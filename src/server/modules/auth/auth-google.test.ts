import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#server/test/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ GOOGLE_CLIENT_ID: 'client-id.apps.example', GOOGLE_CLIENT_SECRET: 'secret' })
})
afterAll(async () => {
  await t?.close()
})

it('offers Google sign-in when both Google variables are set', async () => {
  expect(await (await t.browser().request('/api/config')).json()).toMatchObject({ googleEnabled: true })
})

it('starts the Google flow with offline access, consent and our callback', async () => {
  const res = await t.browser().post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/?auth=callback' })
  expect(res.status).toBe(200)
  const { url } = (await res.json()) as { url: string }
  const authorize = new URL(url)
  expect(authorize.hostname).toBe('accounts.google.com')
  expect(authorize.searchParams.get('client_id')).toBe('client-id.apps.example')
  expect(authorize.searchParams.get('access_type')).toBe('offline')
  expect(authorize.searchParams.get('prompt')).toBe('consent')
  expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/callback/google')
})
