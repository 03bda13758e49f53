import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { uploadKeys } from '#web/lib/upload-query-keys'
import type { ProgressSnapshot } from '../lib/progress-snapshot'
import { UploadProcessingError } from '../lib/upload-errors'
import { watchUploadProgress } from '../lib/watch-upload-progress'

type LiveProgress = { snapshot: ProgressSnapshot | null; isLost: boolean }

const NOTHING_YET: LiveProgress = { snapshot: null, isLost: false }

/**
 * Live progress of an import shown on its page. When it ends, the upload and its rows are fetched
 * again. `isLost`: neither the stream nor polling could tell how it went.
 */
export function useLiveUploadProgress(uploadId: string, isProcessing: boolean) {
  const queryClient = useQueryClient()
  const [attempt, setAttempt] = useState(0)
  const [reading, setReading] = useState<LiveProgress & { uploadId: string }>({
    uploadId,
    snapshot: null,
    isLost: false,
  })

  useEffect(() => {
    if (!isProcessing) return
    const controller = new AbortController()
    watchUploadProgress({
      uploadId,
      signal: controller.signal,
      onUpdate: (snapshot) => setReading({ uploadId, snapshot, isLost: false }),
    })
      .catch((error: unknown) => {
        if (error instanceof UploadProcessingError && error.kind === 'status-check') {
          setReading((previous) => ({ ...previous, uploadId, isLost: true }))
        }
      })
      .finally(() => {
        if (controller.signal.aborted) return
        void queryClient.invalidateQueries({ queryKey: uploadKeys.all })
      })
    return () => controller.abort()
  }, [uploadId, isProcessing, queryClient, attempt])

  function retry() {
    setReading((previous) => ({ ...previous, isLost: false }))
    setAttempt((count) => count + 1)
  }

  const live = reading.uploadId === uploadId ? reading : NOTHING_YET
  return { snapshot: live.snapshot, isLost: live.isLost, retry }
}
