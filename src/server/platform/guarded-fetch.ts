import dns, { type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { createAgentFetch } from './agent-fetch.ts'

/**
 * The one client for outgoing calls to URLs users give (their AI base URL; webhooks later): it
 * refuses loopback, private, link-local, unique-local and other non-public addresses at connect
 * time, for the address the connection actually uses (a name is resolved and every address it
 * resolves to checked; an IPv4 address written as IPv6 is checked as IPv4), on every call, and
 * follows no redirect. The operator may allow private networks (a self-hosted Ollama beside the
 * app); link-local (cloud metadata at 169.254.169.254), unspecified, multicast and reserved
 * addresses are refused even then. ARCHITECTURE "Outgoing calls to URLs users give".
 */

export type AddressPolicy = {
  /** Read on every connection, so the operator's setting (and a test's) applies at once. */
  allowPrivate: () => boolean
}

/** A connection refused for its address; `address` is the resolved one. */
export class RefusedAddressError extends Error {
  readonly code = 'ERR_ADDRESS_REFUSED'
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`Refused to connect to ${host} (${address}): not a public address.`)
    this.name = 'RefusedAddressError'
  }
}

function blockList(ranges: Array<[string, number, 'ipv4' | 'ipv6']>) {
  const list = new net.BlockList()
  for (const [address, prefix, family] of ranges) list.addSubnet(address, prefix, family)
  return list
}

/** Private networks an operator may allow. BlockList matches IPv4-mapped IPv6 (::ffff:a.b.c.d) against the IPv4 ranges. */
const privateRanges = blockList([
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['::1', 128, 'ipv6'], // loopback
  ['fc00::', 7, 'ipv6'], // unique-local
])

/** Never called, whatever the operator allows. */
const refusedRanges = blockList([
  ['0.0.0.0', 8, 'ipv4'], // "this network", 0.0.0.0 reaches the host itself
  ['169.254.0.0', 16, 'ipv4'], // link-local: cloud metadata
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['::', 128, 'ipv6'], // unspecified
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // old site-local
  ['ff00::', 8, 'ipv6'], // multicast
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['100::', 64, 'ipv6'], // discard
])

/** IPv6 forms that carry an IPv4 address the connection may end at: NAT64, 6to4, IPv4-compatible. */
function embeddedIpv4(address: string): string | null {
  const groups = expandIpv6(address)
  if (!groups) return null
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) return v4(groups[6]!, groups[7]!)
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!)
  if (groups.slice(0, 6).every((g) => g === 0) && (groups[6]! !== 0 || groups[7]! > 1)) return v4(groups[6]!, groups[7]!)
  return null
}

function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0]!
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number]
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::') as [string, string | undefined]
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const missing = 8 - left.length - right.length
  if (tail === undefined ? missing !== 0 : missing < 0) return null
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((g) => parseInt(g, 16))
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null
}

/** Why an IP address may not be called under the policy: 'private' (the operator may allow it), 'reserved', or null. */
export function addressRefusal(address: string, policy: AddressPolicy): 'private' | 'reserved' | null {
  const family = net.isIP(address)
  if (family === 0) return 'reserved'
  const type = family === 4 ? 'ipv4' : 'ipv6'
  if (refusedRanges.check(address, type)) return 'reserved'
  if (privateRanges.check(address, type)) return policy.allowPrivate() ? null : 'private'
  if (family === 6) {
    const inner = embeddedIpv4(address)
    if (inner) return addressRefusal(inner, policy)
  }
  return null
}

const bare = (host: string) => host.replace(/^\[|\]$/g, '')

/** Every address of a name (or the address itself), as a connection would resolve it. */
async function resolve(host: string): Promise<string[]> {
  const name = bare(host)
  if (net.isIP(name)) return [name]
  const addresses = await dns.promises.lookup(name, { all: true, verbatim: true })
  return addresses.map((a) => a.address)
}

/**
 * The first address of the URL's host that the policy refuses, or null: for a clear message
 * before a URL is saved. The call itself is checked again at connect time.
 */
export async function findRefusedAddress(url: string, policy: AddressPolicy): Promise<string | null> {
  const addresses = await resolve(new URL(url).hostname)
  return addresses.find((address) => addressRefusal(address, policy) !== null) ?? null
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/** dns.lookup that answers only when every address of the name is allowed (a name with one private address is refused). */
function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, [])
      const refused = addresses.find((a) => addressRefusal(a.address, policy) !== null)
      if (refused) return callback(new RefusedAddressError(hostname, refused.address), [])
      if (options.all) return callback(null, addresses)
      const [first] = addresses
      if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), [])
      callback(null, first.address, first.family)
    })
  }
}

type CreateConnection = (options: Record<string, unknown>, callback: (error: Error | null, socket?: net.Socket) => void) => net.Socket | undefined

/**
 * An agent whose connections resolve names through the guarded lookup. An address written in the
 * URL is never looked up (Node connects to it directly), so it is checked here.
 */
function guardAgent<T extends http.Agent>(agent: T, policy: AddressPolicy): T {
  const target = agent as unknown as { createConnection: CreateConnection }
  const create = target.createConnection.bind(agent)
  target.createConnection = (options, callback) => {
    const host = bare(String(options.host ?? options.hostname ?? 'localhost'))
    if (net.isIP(host) && addressRefusal(host, policy) !== null) {
      process.nextTick(() => callback(new RefusedAddressError(host, host)))
      return undefined
    }
    return create({ ...options, lookup: guardedLookup(policy) }, callback)
  }
  // A kept-alive connection is checked again before each call on it (the policy may have changed).
  const reuse = agent.reuseSocket.bind(agent)
  agent.reuseSocket = (socket, request) => {
    const address = (socket as net.Socket).remoteAddress
    if (!address || addressRefusal(address, policy) === null) return reuse(socket, request)
    // The request fails with this error when it is handed the socket, and the socket is closed with it.
    request.destroy(new RefusedAddressError(String(request.host), address))
  }
  return agent
}

/** A fetch for URLs users give: every connection checked by the policy, no redirect followed, the answer read whole. */
export function createGuardedFetch(policy: AddressPolicy, options: { maxResponseBytes?: number } = {}): typeof fetch {
  return createAgentFetch(
    {
      http: guardAgent(new http.Agent({ keepAlive: true, maxSockets: 256 }), policy),
      https: guardAgent(new https.Agent({ keepAlive: true, maxSockets: 256 }), policy),
    },
    options,
  )
}

/** Whether an error (or one of its causes) is a refused address: the AI SDK may wrap it. */
export function causedByRefusedAddress(error: unknown): boolean {
  const seen = new Set<unknown>()
  let current = error
  while (current instanceof Error && !seen.has(current)) {
    if (current instanceof RefusedAddressError) return true
    seen.add(current)
    current = current.cause
  }
  return false
}
