import { PENDING_UPLOAD_DB, PENDING_UPLOAD_LIFETIME_MS } from '#common/constants'

/**
 * A file a signed-out visitor dropped on the landing page, kept until they sign in (000 §4).
 * IndexedDB holds the Blob itself: no data-URL inflation and no 5 MB local-storage ceiling.
 */
export type PendingUpload = {
  file: Blob
  fileName: string
  fileSize: number
  timestamp: number
}

/** The one-record storage underneath; IndexedDB in the browser, a fake in tests. */
export type PendingUploadBackend = {
  get: () => Promise<unknown>
  put: (value: PendingUpload) => Promise<void>
  remove: () => Promise<void>
}

/** Some clock skew is tolerated; a timestamp further in the future is not trusted. */
const FUTURE_TOLERANCE_MS = 60 * 1000

export function isPendingUploadExpired(entry: Pick<PendingUpload, 'timestamp'>, now: number): boolean {
  const age = now - entry.timestamp
  return age > PENDING_UPLOAD_LIFETIME_MS || age < -FUTURE_TOLERANCE_MS
}

function isPendingUpload(value: unknown): value is PendingUpload {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return (
    entry.file instanceof Blob &&
    typeof entry.fileName === 'string' &&
    typeof entry.fileSize === 'number' &&
    typeof entry.timestamp === 'number'
  )
}

export function createPendingUploadStore(backend: PendingUploadBackend, now: () => number = Date.now) {
  /** The saved file, or null; an expired or unreadable entry is deleted on the way. */
  async function read(): Promise<PendingUpload | null> {
    const value = await backend.get()
    if (value === undefined || value === null) return null
    if (isPendingUpload(value) && !isPendingUploadExpired(value, now())) return value
    await backend.remove()
    return null
  }

  return {
    read,

    async save(file: File): Promise<void> {
      await backend.put({ file, fileName: file.name, fileSize: file.size, timestamp: now() })
    },

    /** Reads and deletes in one go, so a second sign-in tab cannot import the file twice. */
    async take(): Promise<PendingUpload | null> {
      const entry = await read()
      if (entry) await backend.remove()
      return entry
    },

    clear: () => backend.remove(),
  }
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(PENDING_UPLOAD_DB.name, 1)
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(PENDING_UPLOAD_DB.store)) {
        request.result.createObjectStore(PENDING_UPLOAD_DB.store)
      }
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB is unavailable'))
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'))
  })
}

async function runInStore<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await openDatabase()
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(PENDING_UPLOAD_DB.store, mode)
      const request = action(transaction.objectStore(PENDING_UPLOAD_DB.store))
      transaction.oncomplete = () => resolve(request.result as T)
      transaction.onerror = () => reject(transaction.error ?? request.error)
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'))
    })
  } finally {
    db.close()
  }
}

export const indexedDbPendingUploadBackend: PendingUploadBackend = {
  get: () => runInStore<unknown>('readonly', (store) => store.get(PENDING_UPLOAD_DB.key)),
  put: async (value) => {
    await runInStore('readwrite', (store) => store.put(value, PENDING_UPLOAD_DB.key))
  },
  remove: async () => {
    await runInStore('readwrite', (store) => store.delete(PENDING_UPLOAD_DB.key))
  },
}

export const pendingUploadStore = createPendingUploadStore(indexedDbPendingUploadBackend)
