import { parentPort, workerData } from 'node:worker_threads'
import { copyText } from './lib/copy-text.ts'
import { readRecords } from './lib/read-csv.ts'
import type { ImportWorkerInput, WorkerBatch, WorkerMessage } from './read-in-worker.ts'

/**
 * The import's CPU work off the server's thread: read, decode, parse and serialise to COPY text.
 * The main thread only forwards the text to the database, so both cores work at once.
 */

const input = workerData as ImportWorkerInput
const port = parentPort!

// Two batches in flight: one being written by the main thread, the next one being parsed here.
let credits = 2
let wake: (() => void) | undefined
port.on('message', (message: { type: 'credit' }) => {
  if (message.type !== 'credit') return
  credits += 1
  wake?.()
})

async function takeCredit() {
  while (credits === 0) await new Promise<void>((resolve) => (wake = resolve))
  credits -= 1
}

const post = (message: WorkerMessage) => port.postMessage(message)

try {
  const summary = await readRecords(input.path, {
    sniff: input.sniff,
    headerRow: input.headerRow,
    batchSize: input.batchSize,
    onBatch: async (batch) => {
      await takeCredit()
      const message: WorkerBatch = {
        type: 'batch',
        header: batch.header,
        text: copyText(input.uploadId, batch.rows, { withSearchText: input.withSearchText }),
        rowCount: batch.rows.length,
        issues: batch.issues,
        bytesRead: batch.bytesRead,
      }
      post(message)
    },
  })
  post({ type: 'done', summary })
} catch (error) {
  post({ type: 'error', message: error instanceof Error ? error.message : String(error) })
}
