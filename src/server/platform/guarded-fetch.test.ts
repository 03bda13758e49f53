import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addressRefusal, causedByRefusedAddress, createGuardedFetch, findRefusedAddress, RefusedAddressError } from './guarded-fetch.ts'

let allowPrivate = false
const policy = { allowPrivate: () => allowPrivate }
const guardedFetch = createGuardedFetch(policy)
let server: Server
let port: number
let hits = 0

beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1
    if (req.url === '/redirect') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' })
      return res.end()
    }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('{"ok":true}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('which addresses a user-given URL may reach', () => {
  it('refuses loopback, private, unique-local, CGNAT and IPv4 written as IPv6 unless private networks are allowed', () => {
    const privates = ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.10', '100.64.0.1', '::1', 'fd00::1', 'fc12::5', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '2002:c0a8:101::1']
    for (const address of privates) expect(addressRefusal(address, { allowPrivate: () => false }), address).toBe('private')
    for (const address of privates) expect(addressRefusal(address, { allowPrivate: () => true }), address).toBeNull()
  })

  it('always refuses link-local (cloud metadata), unspecified, multicast and reserved addresses', () => {
    for (const address of ['169.254.169.254', 'fe80::1', '0.0.0.0', '::', '224.0.0.1', '255.255.255.255', '::ffff:169.254.169.254', 'ff02::1', 'not-an-ip']) {
      expect(addressRefusal(address, { allowPrivate: () => true }), address).toBe('reserved')
    }
  })

  it('lets public addresses through', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '172.32.0.1']) {
      expect(addressRefusal(address, { allowPrivate: () => false }), address).toBeNull()
    }
  })

  it('finds the refused address of a name or a literal before a URL is saved', async () => {
    expect(await findRefusedAddress('http://localhost:11434/v1', { allowPrivate: () => false })).toMatch(/^(127\.0\.0\.1|::1)$/)
    expect(await findRefusedAddress('http://[::ffff:127.0.0.1]/v1', { allowPrivate: () => false })).toBe('::ffff:7f00:1')
    expect(await findRefusedAddress('http://localhost:11434/v1', { allowPrivate: () => true })).toBeNull()
    expect(await findRefusedAddress('http://8.8.8.8/v1', { allowPrivate: () => false })).toBeNull()
  })
})

describe('the guarded fetch', () => {
  it('refuses at connect time a loopback address, by literal, by name and as mapped IPv6, without reaching the server', async () => {
    allowPrivate = false
    hits = 0
    for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`]) {
      const error = await guardedFetch(url).then(() => null, (e: unknown) => e)
      expect(error, url).toBeInstanceOf(RefusedAddressError)
      expect(causedByRefusedAddress(new Error('wrapped', { cause: error }))).toBe(true)
    }
    expect(hits).toBe(0)
  })

  it('calls a private server when the operator allows it, checking again on every call', async () => {
    allowPrivate = true
    const res = await guardedFetch(`http://localhost:${port}/`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
    expect([res.status, await res.json()]).toEqual([200, { ok: true }])
    allowPrivate = false
    // The kept-alive connection of the call before is not taken either.
    await expect(guardedFetch(`http://localhost:${port}/`)).rejects.toBeInstanceOf(RefusedAddressError)
    await expect(guardedFetch(`http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(RefusedAddressError)
    allowPrivate = true
    expect((await guardedFetch(`http://localhost:${port}/`)).status).toBe(200)
  })

  it('does not follow a redirect (to cloud metadata or anywhere)', async () => {
    allowPrivate = true
    const res = await guardedFetch(`http://127.0.0.1:${port}/redirect`)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toContain('169.254.169.254')
  })
})
