import { asc, count, eq } from 'drizzle-orm'
import { AI, HTTP_SOURCE } from '#common/constants'
import { AI_FIELD_MESSAGES, SOURCE_MESSAGES } from '#common/messages'
import type { CreateHttpFieldInput, TestHttpRequestInput, TestHttpResult } from '#common/schemas/http-fields'
import type { HttpLimits, HttpOutput, HttpRequestTemplate, HttpSource } from '#common/schemas/sources'
import { db } from '#server/db/client'
import { aiFields, csvUploads, uploadColumns } from '#server/db/schema/index'
import { assertPaidAccessOrThrow } from '#server/modules/billing/payment-gate'
import { assertAiFieldCapacityOrThrow } from '#server/modules/billing/subscriptions.service'
import { assertNameFree } from '#server/modules/columns/columns.service'
import { displayValue } from '#server/modules/ai/ai-output'
import { readRowWithPosition } from '#server/modules/row-storage/row-locate'
import { addColumns, nameKeyOf } from '#server/modules/row-storage/column-store'
import { missingSecrets, readSecretValues } from '#server/modules/secrets/secrets.service'
import { excerptOf, redactAnswer, sendHttpRequest } from '#server/modules/sources/http-call'
import { assertValidRequestOrThrow, findReferences, renderRequest, resolveColumnsOrThrow, type TemplateColumn } from '#server/modules/sources/http-template'
import { assertValidPathOrThrow, pickPath } from '#server/modules/sources/json-paths'
import { getReadableUploadOrThrow } from '#server/modules/uploads/uploads.service'
import { AppError } from '#server/platform/app-error'
import { publish } from '#server/platform/events'
import { takeAiQuestionOrThrow } from '#server/modules/ai/ai-question-limit'
import { autoRunChange, countCells, toAiField } from './ai-fields.service.ts'

/**
 * HTTP API columns (issue 43): a request per row whose answer's paths fill the column and, one
 * each, further columns. Made, tested and run like AI columns: the same gate, capacity, run
 * engine (runs/http-source.ts), estimate, pause, resume and 'Run on new rows'.
 */

async function templateColumnsOf(uploadId: string): Promise<TemplateColumn[]> {
  return db.select({ key: uploadColumns.key, name: uploadColumns.name }).from(uploadColumns).where(eq(uploadColumns.uploadId, uploadId)).orderBy(asc(uploadColumns.position))
}

/** Everything about a request that can be refused before it is sent: columns, secrets, URL, body, paths. */
async function checkRequestOrThrow(userId: string, uploadId: string, request: HttpRequestTemplate, outputs: HttpOutput[]) {
  const columns = await templateColumnsOf(uploadId)
  const referenced = resolveColumnsOrThrow(request, columns)
  assertValidRequestOrThrow(request, columns)
  for (const output of outputs) assertValidPathOrThrow(output.path)
  const missing = await missingSecrets(userId, findReferences(request).secrets)
  if (missing.length > 0) throw new AppError('VALIDATION_FAILED', SOURCE_MESSAGES.unknownSecrets(missing), { unknownSecrets: missing })
  return { columns, referenced }
}

export async function createHttpField({ userId, uploadId, request, outputs, limits, autoRun }: { userId: string; uploadId: string } & CreateHttpFieldInput) {
  await assertPaidAccessOrThrow({ userId, details: { source: 'service', operation: 'create_http_column' } })
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const [existing] = await db.select({ n: count() }).from(aiFields).where(eq(aiFields.uploadId, upload.id))
  await assertAiFieldCapacityOrThrow({ userId, existingFields: Number(existing?.n ?? 0) })
  const names = outputs.map((o) => nameKeyOf(o.name))
  if (new Set(names).size !== names.length) throw new AppError('VALIDATION_FAILED', SOURCE_MESSAGES.duplicateOutputNames)
  for (const output of outputs) await assertNameFree(upload.id, output.name)
  const { referenced } = await checkRequestOrThrow(userId, upload.id, request, outputs)
  const field = await db.transaction(async (tx) => {
    const columns = await addColumns(
      tx,
      upload.id,
      outputs.map((o) => ({ name: o.name, type: 'text' as const, kind: 'ai' as const })),
    )
    const source: HttpSource = { kind: 'http', request, outputs: outputs.map((o, i) => ({ path: o.path, columnKey: columns[i]!.key })), limits: limits as HttpLimits }
    const [row] = await tx
      .insert(aiFields)
      .values({
        uploadId: upload.id,
        userId,
        columnKey: columns[0]!.key,
        // What the column does, in words, where a prompt would be (lists, MCP, the webhook's name).
        prompt: `${request.method} ${request.url}`.slice(0, AI.maxPromptLength),
        outputType: { kind: 'text' },
        source,
        referencedKeys: referenced.map((c) => c.key),
        ...autoRunChange(autoRun),
      })
      .returning()
    await tx.update(csvUploads).set({ updatedAt: new Date() }).where(eq(csvUploads.id, upload.id))
    return row!
  })
  await publish(userId, { type: 'field.changed', uploadId: upload.id, fieldId: field.id, change: 'created' })
  return toAiField(field, outputs[0]!.name, (await countCells([field.id])).get(field.id)!)
}

/**
 * 'Test on a row' (issue 43): the request for one of the file's first rows, sent now, with what
 * it sent (secrets masked), the status, the answer (cut) and what each path picked. Nothing is
 * saved and no credit is spent; a person waits, so a long Retry-After fails it at once.
 */
export async function testHttpRequest({ userId, uploadId, request, outputs, timeoutMs, rowIndex }: { userId: string; uploadId: string } & TestHttpRequestInput): Promise<TestHttpResult> {
  await assertPaidAccessOrThrow({ userId, details: { source: 'service', operation: 'http_test' } })
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const { columns } = await checkRequestOrThrow(userId, upload.id, request, outputs)
  const row = await readRowWithPosition({ uploadId: upload.id, rowIndex })
  if (!row) throw new AppError('NOT_FOUND', SOURCE_MESSAGES.testRowMissing)
  if (row.position >= AI.promptTestSampleRows) throw new AppError('VALIDATION_FAILED', AI_FIELD_MESSAGES.testRowOutOfSample(AI.promptTestSampleRows))
  // The same per-user limit as the prompt test: the test sends a request on the user's behalf.
  await takeAiQuestionOrThrow(userId)
  const secrets = await readSecretValues(userId, findReferences(request).secrets)
  const values = { columns, row: row.values, secrets }
  const sent = renderRequest(request, { ...values, maskSecrets: true })
  const answer = redactAnswer(await sendHttpRequest(renderRequest(request, values), { timeoutMs, retries: 0, interactive: true }), secrets)
  const text = answer.text
  const responseTruncated = text !== null && text.length > HTTP_SOURCE.testResponseChars
  return {
    sent,
    status: answer.status,
    response: text === null ? null : text.slice(0, HTTP_SOURCE.testResponseChars),
    responseTruncated,
    latencyMs: answer.latencyMs,
    picked: outputs.map((o) => {
      if (!answer.ok) return { name: o.name, path: o.path, value: null, display: null, error: answer.error }
      const value = pickPath(answer.json, o.path)
      return value === null
        ? { name: o.name, path: o.path, value: null, display: null, error: SOURCE_MESSAGES.pathFoundNothing(o.path, excerptOf(text)) }
        : { name: o.name, path: o.path, value, display: displayValue(value), error: null }
    }),
    error: answer.ok ? null : answer.error,
  }
}
