import { parentPort, workerData } from 'node:worker_threads'
import { AppError } from '#server/platform/app-error'
import { inspectWorkbook } from './lib/read-xlsx.ts'
import type { InspectWorkerInput, InspectWorkerMessage } from './inspect-in-worker.ts'

/**
 * Reads a workbook's preview and exits. Exiting is the point: ExcelJS keeps a sheet it read
 * before the shared strings in a temp file that it deletes only when its process (here, this
 * thread) exits, which lets the preview stop after its rows instead of parsing the whole sheet.
 */
const input = workerData as InspectWorkerInput
const post = (message: InspectWorkerMessage) => parentPort!.postMessage(message)

try {
  post({ type: 'done', preview: await inspectWorkbook(input.path, input.sheet) })
} catch (error) {
  post(
    error instanceof AppError
      ? { type: 'refused', code: error.code, message: error.message }
      : { type: 'error', message: error instanceof Error ? error.message : String(error) },
  )
}
process.exit(0)
