import { describe, expect, it, vi } from 'vitest'
import { UPLOAD } from '#common/constants'
import type { AppEvent } from '#common/events'
import type { UploadProgress } from '#common/schemas/uploads'
import { UploadAbortedError, UploadProcessingError } from './upload-errors'
import { watchUploadProgress } from './watch-upload-progress'

type Handlers = { onEvent: (event: AppEvent) => void; onError: (error: Event) => void; onOpen?: () => void }

function fakeStream() {
  const stream = { handlers: null as Handlers | null, closed: false }
  const subscribe = (
    _url: string,
    onEvent: Handlers['onEvent'],
    onError: Handlers['onError'],
    options: { onOpen?: () => void } = {},
  ) => {
    stream.handlers = { onEvent, onError, onOpen: options.onOpen }
    return () => {
      stream.closed = true
    }
  }
  return { stream, subscribe }
}

const progress = (overrides: Partial<UploadProgress> = {}): UploadProgress => ({
  status: 'processing',
  processed_rows: 0,
  total_rows: 100,
  progress_percentage: 0,
  error_message: null,
  valid_rows: 0,
  skipped_rows: 0,
  data_quality_issues: [],
  ...overrides,
})

const event = (overrides: Partial<Extract<AppEvent, { type: 'upload.progress' }>> = {}): AppEvent => ({
  type: 'upload.progress',
  uploadId: 'u1',
  status: 'processing',
  processedRows: 50,
  totalRows: 100,
  bytesRead: 0,
  totalBytes: 0,
  validRows: 50,
  skippedRows: 0,
  errorMessage: null,
  ...overrides,
})

const noWait = async () => {}

describe('watchUploadProgress', () => {
  it('follows the event stream to completion and closes it', async () => {
    const { stream, subscribe } = fakeStream()
    const updates: number[] = []
    const done = watchUploadProgress(
      { uploadId: 'u1', onUpdate: (s) => updates.push(s.percent) },
      { subscribe, fetchProgress: vi.fn(), wait: noWait },
    )
    stream.handlers?.onEvent(event({ uploadId: 'other', processedRows: 99 }))
    stream.handlers?.onEvent(event())
    stream.handlers?.onEvent(event({ status: 'completed', processedRows: 100, validRows: 98, skippedRows: 2 }))
    await expect(done).resolves.toMatchObject({ status: 'completed', validRows: 98, skippedRows: 2 })
    expect(updates).toEqual([50, 100])
    expect(stream.closed).toBe(true)
  })

  it('catches up when the stream opens after the import already finished', async () => {
    const { stream, subscribe } = fakeStream()
    const fetchProgress = vi.fn(async () => progress({ status: 'completed', processed_rows: 100, valid_rows: 100 }))
    const done = watchUploadProgress({ uploadId: 'u1' }, { subscribe, fetchProgress, wait: noWait })
    stream.handlers?.onOpen?.()
    await expect(done).resolves.toMatchObject({ status: 'completed', validRows: 100 })
  })

  it('falls back to polling when the stream errors and reports the server message on failure', async () => {
    const { stream, subscribe } = fakeStream()
    const answers = [progress({ processed_rows: 10 }), progress({ status: 'failed', error_message: 'Unreadable file' })]
    const fetchProgress = vi.fn(async () => answers.shift()!)
    const done = watchUploadProgress({ uploadId: 'u1' }, { subscribe, fetchProgress, wait: noWait })
    stream.handlers?.onError(new Event('error'))
    const error = await done.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UploadProcessingError)
    expect(error).toMatchObject({ kind: 'failed', serverMessage: 'Unreadable file' })
    expect(fetchProgress).toHaveBeenCalledTimes(2)
    expect(stream.closed).toBe(true)
  })

  it('gives up with a status-check error after the last allowed poll', async () => {
    const { stream, subscribe } = fakeStream()
    const fetchProgress = vi.fn(async () => progress())
    const done = watchUploadProgress({ uploadId: 'u1' }, { subscribe, fetchProgress, wait: noWait })
    stream.handlers?.onError(new Event('error'))
    await expect(done).rejects.toMatchObject({ kind: 'status-check' })
    expect(fetchProgress).toHaveBeenCalledTimes(UPLOAD.progressPollMaxTries)
  })

  it('stops on abort without reporting a failure', async () => {
    const { stream, subscribe } = fakeStream()
    const controller = new AbortController()
    const done = watchUploadProgress({ uploadId: 'u1', signal: controller.signal }, { subscribe, fetchProgress: vi.fn(), wait: noWait })
    controller.abort()
    await expect(done).rejects.toBeInstanceOf(UploadAbortedError)
    expect(stream.closed).toBe(true)
  })
})
