import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { z } from 'zod'
import type { AppEvent } from '#common/events'
import { aiCellsQuerySchema, aiRunActionSchema, aiRunRequestSchema, createAiFieldSchema, testAiPromptSchema, updateAiFieldSchema } from '#common/schemas/enrichment'
import { requirePaidAccess } from '#server/modules/billing/require-paid-access'
import { purgeColumnValues } from '#server/modules/columns/columns.jobs'
import { getUploadOrThrow } from '#server/modules/uploads/uploads.service'
import { subscribe } from '#server/platform/events'
import type { AppEnv } from '#server/platform/hono-env'
import { requireUser } from '#server/platform/require-user'
import { validate } from '#server/platform/validate'
import {
  clearAiField,
  countEnrichedRows,
  createAiField,
  deleteAiField,
  getAiCellOrThrow,
  getAiField,
  listAiCells,
  listAiFields,
  updateAiField,
} from './ai-fields.service.ts'
import { controlRun, estimateRun, startRun } from './enrichment-runs.service.ts'
import { getAiProviderStatus } from './providers/ai-credentials.ts'
import { testAiPrompt } from './prompt-test.service.ts'

const fieldParams = z.object({ id: z.uuid(), fieldId: z.uuid() })
const cellParams = fieldParams.extend({ rowIndex: z.coerce.number().int().min(0) })
const actionParams = fieldParams.extend({ action: aiRunActionSchema })
const KEEP_ALIVE_MS = 15_000

/** Mounted at /api/uploads: the AI columns of one upload (docs/api/enrichment.md). */
export const enrichmentRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/:id/ai-fields', async (c) => c.json(await listAiFields({ userId: c.var.user.id, uploadId: c.req.param('id') })))
  .post('/:id/ai-fields', requirePaidAccess, validate('json', createAiFieldSchema), async (c) =>
    c.json(await createAiField({ userId: c.var.user.id, uploadId: c.req.param('id'), ...c.req.valid('json') }), 201),
  )
  // Before '/:id/ai-fields/:fieldId', which would take these for a field id.
  .post('/:id/ai-fields/test', requirePaidAccess, validate('json', testAiPromptSchema), async (c) =>
    c.json(await testAiPrompt({ userId: c.var.user.id, uploadId: c.req.param('id'), ...c.req.valid('json') })),
  )
  .get('/:id/ai-fields/events', async (c) => {
    const userId = c.var.user.id
    const upload = await getUploadOrThrow({ userId, uploadId: c.req.param('id') })
    return streamSSE(c, async (stream) => {
      const queue: AppEvent[] = []
      let wake: (() => void) | undefined
      const unsubscribe = subscribe(
        userId,
        (event) => (event.type === 'cell.updated' || event.type === 'field.progress' || event.type === 'field.changed') && event.uploadId === upload.id,
        (event) => {
          queue.push(event)
          wake?.()
        },
      )
      stream.onAbort(unsubscribe)
      while (!stream.aborted) {
        if (queue.length === 0) {
          let timer: NodeJS.Timeout | undefined
          await new Promise<void>((resolve) => {
            wake = resolve
            timer = setTimeout(resolve, KEEP_ALIVE_MS)
          })
          clearTimeout(timer)
          wake = undefined
        }
        if (queue.length === 0) {
          await stream.write(': keep-alive\n\n')
          continue
        }
        for (const event of queue.splice(0)) await stream.writeSSE({ data: JSON.stringify(event) })
      }
      unsubscribe()
    })
  })
  .get('/:id/ai-fields/:fieldId', validate('param', fieldParams), async (c) => {
    const { id, fieldId } = c.req.valid('param')
    return c.json(await getAiField({ userId: c.var.user.id, uploadId: id, fieldId }))
  })
  .patch('/:id/ai-fields/:fieldId', validate('param', fieldParams), validate('json', updateAiFieldSchema), async (c) => {
    const { id, fieldId } = c.req.valid('param')
    return c.json(await updateAiField({ userId: c.var.user.id, uploadId: id, fieldId, ...c.req.valid('json') }))
  })
  .delete('/:id/ai-fields/:fieldId', validate('param', fieldParams), async (c) => {
    const { id, fieldId } = c.req.valid('param')
    const { columns, columnKey, uploadId } = await deleteAiField({ userId: c.var.user.id, uploadId: id, fieldId })
    await purgeColumnValues({ uploadId, key: columnKey })
    return c.json({ columns })
  })
  .post('/:id/ai-fields/:fieldId/estimate', validate('param', fieldParams), validate('json', aiRunRequestSchema), async (c) => {
    const { id, fieldId } = c.req.valid('param')
    return c.json(await estimateRun({ userId: c.var.user.id, uploadId: id, fieldId, ...c.req.valid('json') }))
  })
  .post('/:id/ai-fields/:fieldId/runs', requirePaidAccess, validate('param', fieldParams), validate('json', aiRunRequestSchema), async (c) => {
    const { id, fieldId } = c.req.valid('param')
    return c.json(await startRun({ userId: c.var.user.id, uploadId: id, fieldId, ...c.req.valid('json') }), 202)
  })
  .post('/:id/ai-fields/:fieldId/clear', validate('param', fieldParams), async (c) => {
    const { id, fieldId } = c.req.valid('param')
    return c.json(await clearAiField({ userId: c.var.user.id, uploadId: id, fieldId }))
  })
  .get('/:id/ai-fields/:fieldId/cells', validate('param', fieldParams), validate('query', aiCellsQuerySchema), async (c) => {
    const { id, fieldId } = c.req.valid('param')
    return c.json(await listAiCells({ userId: c.var.user.id, uploadId: id, fieldId, rowIndexes: c.req.valid('query').rowIndexes }))
  })
  .get('/:id/ai-fields/:fieldId/cells/:rowIndex', validate('param', cellParams), async (c) => {
    const { id, fieldId, rowIndex } = c.req.valid('param')
    return c.json(await getAiCellOrThrow({ userId: c.var.user.id, uploadId: id, fieldId, rowIndex }))
  })
  .post('/:id/ai-fields/:fieldId/:action', validate('param', actionParams), async (c) => {
    const { id, fieldId, action } = c.req.valid('param')
    return c.json(await controlRun({ userId: c.var.user.id, uploadId: id, fieldId, action }))
  })

/** Mounted at /api/ai: where the AI comes from, and the dashboard's count. */
export const aiStatusRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/provider', async (c) => c.json(await getAiProviderStatus({ userId: c.var.user.id })))
  .get('/stats', async (c) => c.json({ enrichedRows: await countEnrichedRows({ userId: c.var.user.id }) }))
