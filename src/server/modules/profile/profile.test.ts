import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROFILE_MESSAGES } from '#common/messages'
import { createTestApp, errorOf, type TestApp, type TestBrowser, type TestUser } from '#server/test/test-app'
import { avatarSetSchema } from '#common/schemas/profile'
import { readJson } from '#server/test/contract'

let t: TestApp
let alice: TestBrowser
let aliceUser: TestUser
let bob: TestBrowser

beforeAll(async () => {
  t = await createTestApp()
  ;({ browser: alice, user: aliceUser } = await t.signUpVerified({ firstName: 'Alice' }))
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
})
afterAll(async () => {
  await t?.close()
})

function uploadAvatar(browser: TestBrowser, bytes: Uint8Array, name: string, type = 'image/png') {
  const form = new FormData()
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }))
  // The route reads the multipart stream itself (no validator): the form goes in as the body.
  return browser.api.profile.avatar.$post(undefined, { init: { body: form } })
}

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'gif') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer()

describe('avatar', () => {
  it('crops a JPEG to a 256 px PNG square, stores it and serves it to its owner with caching', async () => {
    const res = await uploadAvatar(alice, await image(640, 320, 'jpeg'), 'me.jpg', 'image/jpeg')
    expect(res.status, await res.clone().text()).toBe(200)
    const { image: url } = await readJson(res, avatarSetSchema)
    expect(url).toMatch(/^\/api\/profile\/avatar\//)

    const session = (await (await alice.request('/api/auth/get-session')).json()) as { user: { image: string } }
    expect(session.user.image).toBe(url)

    const served = await alice.request(url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('cache-control')).toBe('private, max-age=3600')
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256])

    expect((await bob.request(url)).status).toBe(404)
  })

  it('accepts a GIF and a PNG', async () => {
    expect((await uploadAvatar(alice, await image(50, 80, 'gif'), 'a.gif', 'image/gif')).status).toBe(200)
    expect((await uploadAvatar(alice, await image(300, 300, 'png'), 'a.png')).status).toBe(200)
  })

  it('refuses a text file renamed .png, and a file that only starts like an image', async () => {
    const fake = await uploadAvatar(alice, new TextEncoder().encode('Name,Company\nAda,Acme\n'), 'leads.png')
    expect(fake.status).toBe(415)
    expect((await errorOf(fake)).message).toBe(PROFILE_MESSAGES.avatarInvalidType)
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])
    expect((await uploadAvatar(alice, broken, 'broken.png')).status).toBe(415)
  })

  it('refuses an image over 2 MB with the spec message', async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 10)
    big.set([0xff, 0xd8, 0xff])
    const res = await uploadAvatar(alice, big, 'big.jpg', 'image/jpeg')
    expect(res.status).toBe(413)
    expect((await errorOf(res)).message).toBe(PROFILE_MESSAGES.avatarTooLarge)
  })

  it('needs a session', async () => {
    expect((await uploadAvatar(t.browser(), await image(10, 10, 'png'), 'x.png')).status).toBe(401)
  })
})

describe('password change', () => {
  it('refuses a wrong current password, then changes it, signs other sessions out and signs in with the new one', async () => {
    const other = t.browser()
    expect((await other.post('/api/auth/sign-in/email', { email: aliceUser.email, password: aliceUser.password })).status).toBe(200)

    const wrong = await alice.post('/api/auth/change-password', { currentPassword: 'not-my-password', newPassword: 'New-Secret-Pass9!' })
    expect(wrong.status).toBe(400)

    const changed = await alice.post('/api/auth/change-password', {
      currentPassword: aliceUser.password,
      newPassword: 'New-Secret-Pass9!',
      revokeOtherSessions: true,
    })
    expect(changed.status, await changed.clone().text()).toBe(200)
    expect((await (await other.request('/api/auth/get-session')).json())).toBeNull()
    expect((await (await alice.request('/api/auth/get-session')).json())).not.toBeNull()

    const old = await t.browser().post('/api/auth/sign-in/email', { email: aliceUser.email, password: aliceUser.password })
    expect(old.status).toBe(401)
    const fresh = await t.browser().post('/api/auth/sign-in/email', { email: aliceUser.email, password: 'New-Secret-Pass9!' })
    expect(fresh.status).toBe(200)
  })
})
