import { describe, expect, it } from 'vitest'
import { PENDING_UPLOAD_LIFETIME_MS } from '#common/constants'
import { createPendingUploadStore, isPendingUploadExpired, type PendingUploadBackend } from './pending-upload-store'

function fakeBackend(initial?: unknown) {
  let value: unknown = initial
  const backend: PendingUploadBackend & { peek: () => unknown } = {
    get: async () => value,
    put: async (next) => {
      value = next
    },
    remove: async () => {
      value = undefined
    },
    peek: () => value,
  }
  return backend
}

const csv = () => new File(['Name,Email\nAda,ada@example.com\n'], 'leads.csv', { type: 'text/csv' })

describe('isPendingUploadExpired', () => {
  const saved = 1_000_000

  it('keeps a file for 30 minutes', () => {
    expect(isPendingUploadExpired({ timestamp: saved }, saved + PENDING_UPLOAD_LIFETIME_MS)).toBe(false)
    expect(isPendingUploadExpired({ timestamp: saved }, saved + PENDING_UPLOAD_LIFETIME_MS + 1)).toBe(true)
  })

  it('does not trust a timestamp far in the future', () => {
    expect(isPendingUploadExpired({ timestamp: saved + 10 * 60 * 1000 }, saved)).toBe(true)
    expect(isPendingUploadExpired({ timestamp: saved + 5000 }, saved)).toBe(false)
  })
})

describe('pending upload store', () => {
  it('saves the file with its name, size and time, and reads it back', async () => {
    const backend = fakeBackend()
    const store = createPendingUploadStore(backend, () => 5000)
    await store.save(csv())
    const entry = await store.read()
    expect(entry).toMatchObject({ fileName: 'leads.csv', fileSize: csv().size, timestamp: 5000 })
    expect(await entry?.file.text()).toContain('ada@example.com')
  })

  it('deletes an expired entry when reading it', async () => {
    let now = 0
    const backend = fakeBackend()
    const store = createPendingUploadStore(backend, () => now)
    await store.save(csv())
    now = PENDING_UPLOAD_LIFETIME_MS + 1
    expect(await store.read()).toBeNull()
    expect(backend.peek()).toBeUndefined()
  })

  it('deletes an entry it cannot read', async () => {
    const backend = fakeBackend({ fileData: 'data:text/csv;base64,AAAA', fileName: 'old.csv' })
    expect(await createPendingUploadStore(backend).read()).toBeNull()
    expect(backend.peek()).toBeUndefined()
  })

  it('take returns the file once and removes it', async () => {
    const backend = fakeBackend()
    const store = createPendingUploadStore(backend, () => 0)
    await store.save(csv())
    expect(await store.take()).not.toBeNull()
    expect(await store.take()).toBeNull()
  })

  it('reads nothing from an empty store', async () => {
    expect(await createPendingUploadStore(fakeBackend()).read()).toBeNull()
  })
})
