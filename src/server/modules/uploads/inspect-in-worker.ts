import type { ErrorCode } from '#common/errors'
import { AppError } from '#server/platform/app-error'
import { startWorkerThread } from '#server/platform/worker-thread'
import type { WorkbookPreview } from './lib/read-xlsx.ts'

export type InspectWorkerInput = { path: string; sheet?: string }

export type InspectWorkerMessage =
  | { type: 'done'; preview: WorkbookPreview }
  | { type: 'refused'; code: ErrorCode; message: string }
  | { type: 'error'; message: string }

/**
 * A workbook's preview, read in a worker thread: the request waits only for the first rows, and
 * the parse never blocks the server's thread.
 */
export function inspectWorkbookInWorker(input: InspectWorkerInput): Promise<WorkbookPreview> {
  const worker = startWorkerThread(import.meta.url, './inspect-worker', { workerData: input })
  return new Promise((resolve, reject) => {
    let settled = false
    worker.on('message', (message: InspectWorkerMessage) => {
      settled = true
      if (message.type === 'done') resolve(message.preview)
      else if (message.type === 'refused') reject(new AppError(message.code, message.message))
      else reject(new Error(message.message))
    })
    worker.on('error', (error) => {
      if (settled) return
      settled = true
      reject(error)
    })
    worker.on('exit', (code) => {
      if (settled) return
      settled = true
      reject(new Error(`The workbook reader stopped unexpectedly (exit code ${code}).`))
    })
  })
}
