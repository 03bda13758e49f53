import { UPLOAD } from '#common/constants'
import type { UploadProgress } from '#common/schemas/uploads'
import { subscribeToEvents } from '#web/lib/sse'
import { getUploadProgress, uploadEventsUrl } from '../api/get-upload-progress'
import { snapshotFromEvent, snapshotFromProgress, type ProgressSnapshot } from './progress-snapshot'
import { UploadAbortedError, UploadProcessingError } from './upload-errors'

type WatchDependencies = {
  subscribe: typeof subscribeToEvents
  fetchProgress: (uploadId: string, signal?: AbortSignal) => Promise<UploadProgress>
  wait: (ms: number, signal?: AbortSignal) => Promise<void>
}

function wait(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms)
    signal?.addEventListener('abort', done, { once: true })
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
  })
}

const browserDependencies: WatchDependencies = {
  subscribe: subscribeToEvents,
  fetchProgress: getUploadProgress,
  wait,
}

type WatchInput = {
  uploadId: string
  onUpdate?: (snapshot: ProgressSnapshot) => void
  signal?: AbortSignal
}

/**
 * Follows an import until it completes (resolves with the last snapshot) or fails (rejects with
 * UploadProcessingError). Live through the event stream; if the stream errors, polls the progress
 * endpoint once per second up to 300 times (001 §9). A snapshot is fetched whenever the stream
 * opens, so an import that finished before we subscribed is still seen.
 */
export function watchUploadProgress(
  { uploadId, onUpdate, signal }: WatchInput,
  dependencies: WatchDependencies = browserDependencies,
): Promise<ProgressSnapshot> {
  const { subscribe, fetchProgress } = dependencies

  return new Promise((resolve, reject) => {
    let isSettled = false
    let isPolling = false
    let unsubscribe: (() => void) | null = null
    let lastProcessedRows = -1

    function finish(settle: () => void) {
      if (isSettled) return
      isSettled = true
      unsubscribe?.()
      unsubscribe = null
      signal?.removeEventListener('abort', onAbort)
      settle()
    }

    function onAbort() {
      finish(() => reject(new UploadAbortedError()))
    }

    function accept(snapshot: ProgressSnapshot) {
      if (isSettled) return
      if (snapshot.status === 'completed') {
        onUpdate?.(snapshot)
        finish(() => resolve(snapshot))
        return
      }
      if (snapshot.status === 'failed') {
        onUpdate?.(snapshot)
        finish(() => reject(new UploadProcessingError('failed', snapshot.errorMessage)))
        return
      }
      // A catch-up snapshot may arrive after a newer event: never move the bar backwards.
      if (snapshot.processedRows < lastProcessedRows) return
      lastProcessedRows = snapshot.processedRows
      onUpdate?.(snapshot)
    }

    async function poll() {
      if (isPolling || isSettled) return
      isPolling = true
      unsubscribe?.()
      unsubscribe = null
      for (let attempt = 0; attempt < UPLOAD.progressPollMaxTries; attempt++) {
        try {
          accept(snapshotFromProgress(await fetchProgress(uploadId, signal)))
        } catch {
          finish(() => reject(new UploadProcessingError('status-check')))
          return
        }
        if (isSettled) return
        await dependencies.wait(UPLOAD.progressPollIntervalMs, signal)
        if (isSettled) return
      }
      finish(() => reject(new UploadProcessingError('status-check')))
    }

    if (signal?.aborted) {
      onAbort()
      return
    }
    signal?.addEventListener('abort', onAbort, { once: true })

    unsubscribe = subscribe(
      uploadEventsUrl(uploadId),
      (event) => {
        if (event.type === 'upload.progress' && event.uploadId === uploadId) accept(snapshotFromEvent(event))
      },
      () => void poll(),
      {
        onOpen: () => {
          fetchProgress(uploadId, signal)
            .then((progress) => accept(snapshotFromProgress(progress)))
            .catch(() => {
              // The stream itself still reports progress; polling takes over only if it breaks.
            })
        },
      },
    )
  })
}
