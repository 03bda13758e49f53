import { startWorkerThread } from '#server/platform/worker-thread'
import type { RowFactsSummary } from '#server/modules/row-storage/row-facts'
import type { ReadSummary, RecordBatch, SniffResult } from './lib/read-csv.ts'

/** A batch of rows encoded for COPY, ready for the row writer. */
export type WorkerBatch = { type: 'batch' } & RecordBatch

/** What the import worker thread is started with. */
export type ImportWorkerInput = {
  uploadId: string
  path: string
  sniff: SniffResult
  headerRow: number | null
  batchSize: number
  /** PGlite stores each row's search text (see row-writer.ts). */
  withSearchText: boolean
  /** Whether the import COPYs the duplicate labels (`writesLabelsAtImport`). */
  withLabels: boolean
}

export type WorkerMessage = WorkerBatch | { type: 'done'; summary: ReadSummary; facts: RowFactsSummary } | { type: 'error'; message: string }

/**
 * Reads a CSV file in a worker thread and hands each batch, already encoded, to `onBatch`;
 * the worker parses the next batch while `onBatch` writes this one.
 */
export function readCsvInWorker(
  options: ImportWorkerInput & { onBatch: (batch: WorkerBatch) => Promise<void> },
): Promise<ReadSummary & { facts: RowFactsSummary }> {
  const { onBatch, ...input } = options
  // The worker holds two batches at most, and its garbage is short-lived strings: small heap limits
  // keep the server under 400 MB whatever the file size (measured 421 MB before, 383 MB after).
  const worker = startWorkerThread(import.meta.url, './import-worker', {
    workerData: input,
    resourceLimits: { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 128 },
  })
  return new Promise<ReadSummary & { facts: RowFactsSummary }>((resolve, reject) => {
    let chain = Promise.resolve()
    let settled = false
    const fail = (error: unknown) => {
      if (settled) return
      settled = true
      void worker.terminate()
      reject(error instanceof Error ? error : new Error(String(error)))
    }
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'batch') {
        chain = chain
          .then(() => onBatch(message))
          .then(() => worker.postMessage({ type: 'credit' }))
          .catch(fail)
        return
      }
      if (message.type === 'error') {
        fail(new Error(message.message))
        return
      }
      chain
        .then(() => {
          if (settled) return
          settled = true
          void worker.terminate()
          resolve({ ...message.summary, facts: message.facts })
        })
        .catch(fail)
    })
    worker.on('error', fail)
    worker.on('exit', (code) => {
      if (!settled) fail(new Error(`The import worker stopped unexpectedly (exit code ${code}).`))
    })
  })
}
