import { parentPort, workerData } from 'node:worker_threads'
import { RowFacts } from '#server/modules/row-storage/row-facts'
import { dateColumnsOf } from './lib/infer-column-types.ts'
import { readRecords } from './lib/read-csv.ts'
import type { ImportWorkerInput, WorkerBatch, WorkerMessage } from './read-in-worker.ts'

/**
 * The import's CPU work off the server's thread: read, decode, parse and encode to COPY rows.
 * The main thread only forwards the bytes (moved, not copied) to the database.
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

const post = (message: WorkerMessage) =>
  // A batch's buffer is its own allocation (CopyRowEncoder.take): moving it leaves nothing behind.
  port.postMessage(message, message.type === 'batch' ? movedBuffers(message) : [])

const movedBuffers = (batch: WorkerBatch) => [batch.rows.bytes.buffer as ArrayBuffer, ...(batch.labels ? [batch.labels.bytes.buffer as ArrayBuffer] : [])]

// What the import learns about the rows, gathered here as each batch is encoded (issue 42).
const facts = new RowFacts(input.uploadId, { dateColumnsOf, withLabels: input.withLabels })

try {
  const summary = await readRecords(input.path, {
    sniff: input.sniff,
    headerRow: input.headerRow,
    batchSize: input.batchSize,
    withSearchText: input.withSearchText,
    facts,
    onBatch: async (batch) => {
      await takeCredit()
      const message: WorkerBatch = { type: 'batch', ...batch }
      post(message)
    },
  })
  post({ type: 'done', summary, facts: facts.summary() })
} catch (error) {
  post({ type: 'error', message: error instanceof Error ? error.message : String(error) })
}
