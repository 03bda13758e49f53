import { Hono } from 'hono'
import { z } from 'zod'
import { AI_FIELD_MESSAGES } from '#common/messages'
import {
  aiCellListSchema,
  aiCellSchema,
  aiCellsQuerySchema,
  aiFieldExampleListSchema,
  aiFieldListSchema,
  aiFieldSchema,
  aiProviderStatusSchema,
  aiRunActionSchema,
  aiRunEstimateSchema,
  aiRunRequestSchema,
  aiRunStartedSchema,
  aiStatsSchema,
  createAiFieldSchema,
  testAiPromptResultSchema,
  testAiPromptSchema,
  updateAiFieldSchema,
} from '#common/schemas/enrichment'
import { columnsResponseSchema } from '#common/schemas/rows'
import { createHttpFieldSchema, testHttpRequestSchema, testHttpResultSchema } from '#common/schemas/http-fields'
import { createWaterfallFieldSchema, testWaterfallResultSchema, testWaterfallSchema } from '#common/schemas/waterfall-fields'
import { requirePaidAccess } from '#server/modules/billing/require-paid-access'
import { getUploadOrThrow } from '#server/modules/uploads/uploads.service'
import { streamEvents } from '#server/platform/events'
import type { AppEnv } from '#server/platform/hono-env'
import { documented } from '#server/platform/openapi'
import { requireUser } from '#server/platform/require-user'
import { validate, validateIds } from '#server/platform/validate'
import {
  clearAiField,
  countEnrichedRows,
  deleteAiField,
  getAiCellOrThrow,
  getAiField,
  listAiCells,
  listAiFields,
  updateAiField,
} from './ai-fields.service.ts'
import { controlRun, estimateRun, startRun } from './enrichment-runs.service.ts'
import { createAiColumn } from './ai-columns.service.ts'
import { getAiProviderStatus } from '#server/modules/ai/ai-credentials'
import { testAiPrompt } from './prompt-test.service.ts'
import { createHttpField, testHttpRequest } from './http-fields.service.ts'
import { listFieldExamples, removeFieldExample } from './corrections.service.ts'
import { createWaterfallField, testWaterfall } from './waterfall-fields.service.ts'
import { UPLOAD_NOT_FOUND, uploadIdParam } from '#server/modules/uploads/upload-id-param'

const fieldIds = { id: UPLOAD_NOT_FOUND, fieldId: AI_FIELD_MESSAGES.fieldNotFound }
const fieldParams = validateIds(fieldIds)
const cellParams = validateIds(fieldIds, { rowIndex: z.coerce.number().int().min(0) })
const actionParams = validateIds(fieldIds, { action: aiRunActionSchema })
const exampleParams = validateIds({ ...fieldIds, exampleId: AI_FIELD_MESSAGES.exampleNotFound })

/** Mounted at /api/uploads: the AI columns of one upload (docs/api/enrichment.md). */
export const enrichmentRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/:id/ai-fields', uploadIdParam, documented({ response: aiFieldListSchema }), async (c) => c.json(await listAiFields({ userId: c.var.user.id, uploadId: c.req.valid('param').id })))
  .post('/:id/ai-fields', uploadIdParam, documented({ summary: 'Create an AI column', response: aiFieldSchema, status: 201 }), requirePaidAccess, validate('json', createAiFieldSchema), async (c) =>
    c.json((await createAiColumn({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') })).field, 201),
  )
  // Before '/:id/ai-fields/:fieldId', which would take these for a field id.
  .post('/:id/ai-fields/test', uploadIdParam, documented({ response: testAiPromptResultSchema }), requirePaidAccess, validate('json', testAiPromptSchema), async (c) =>
    c.json(await testAiPrompt({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  // HTTP API columns (issue 43): made and tested here, run, read and controlled as AI columns below.
  .post('/:id/http-fields', uploadIdParam, documented({ summary: 'Create an HTTP API column', response: aiFieldSchema, status: 201 }), requirePaidAccess, validate('json', createHttpFieldSchema), async (c) =>
    c.json(await createHttpField({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') }), 201),
  )
  .post('/:id/http-fields/test', uploadIdParam, documented({ summary: 'Send an HTTP API column\'s request for one row', response: testHttpResultSchema }), requirePaidAccess, validate('json', testHttpRequestSchema), async (c) =>
    c.json(await testHttpRequest({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  // Waterfall columns (decision 037): made and tested here, run, read and controlled as AI columns below.
  .post('/:id/waterfall-fields', uploadIdParam, documented({ summary: 'Create a waterfall column', response: aiFieldSchema, status: 201 }), requirePaidAccess, validate('json', createWaterfallFieldSchema), async (c) =>
    c.json(await createWaterfallField({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') }), 201),
  )
  .post('/:id/waterfall-fields/test', uploadIdParam, documented({ summary: "Try a waterfall column's steps on one row", response: testWaterfallResultSchema }), requirePaidAccess, validate('json', testWaterfallSchema), async (c) =>
    c.json(await testWaterfall({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  // The open grid's one stream (a browser allows six connections to a host): its AI cells and runs, and rows added by API.
  .get('/:id/ai-fields/events', uploadIdParam, documented({ summary: 'Live cells, run progress and rows added, as Server-Sent Events', produces: 'text/event-stream' }), async (c) => {
    const userId = c.var.user.id
    const upload = await getUploadOrThrow({ userId, uploadId: c.req.valid('param').id })
    return streamEvents(c, {
      userId,
      filter: (event) =>
        (event.type === 'cell.updated' || event.type === 'field.progress' || event.type === 'field.changed' || event.type === 'rows.added' || event.type === 'upload.report') &&
          event.uploadId === upload.id,
    })
  })
  .get('/:id/ai-fields/:fieldId', fieldParams, documented({ summary: 'An AI column with its run status and counts', response: aiFieldSchema }), async (c) => {
    const { id, fieldId } = c.req.valid('param')
    return c.json(await getAiField({ userId: c.var.user.id, uploadId: id, fieldId }))
  })
  .patch('/:id/ai-fields/:fieldId', fieldParams, documented({ response: aiFieldSchema }), validate('json', updateAiFieldSchema), async (c) => {
    const { id, fieldId } = c.req.valid('param')
    return c.json(await updateAiField({ userId: c.var.user.id, uploadId: id, fieldId, ...c.req.valid('json') }))
  })
  .delete('/:id/ai-fields/:fieldId', fieldParams, documented({ response: columnsResponseSchema }), async (c) => {
    const { id, fieldId } = c.req.valid('param')
    return c.json(await deleteAiField({ userId: c.var.user.id, uploadId: id, fieldId }))
  })
  .post('/:id/ai-fields/:fieldId/estimate', fieldParams, documented({ response: aiRunEstimateSchema }), validate('json', aiRunRequestSchema), async (c) => {
    const { id, fieldId } = c.req.valid('param')
    return c.json(await estimateRun({ userId: c.var.user.id, uploadId: id, fieldId, ...c.req.valid('json') }))
  })
  .post('/:id/ai-fields/:fieldId/runs', fieldParams, documented({ summary: 'Start a run of an AI column', response: aiRunStartedSchema, status: 202 }), requirePaidAccess, validate('json', aiRunRequestSchema), async (c) => {
    const { id, fieldId } = c.req.valid('param')
    return c.json(await startRun({ userId: c.var.user.id, uploadId: id, fieldId, ...c.req.valid('json') }), 202)
  })
  .post('/:id/ai-fields/:fieldId/clear', fieldParams, documented({ response: aiFieldSchema }), async (c) => {
    const { id, fieldId } = c.req.valid('param')
    return c.json(await clearAiField({ userId: c.var.user.id, uploadId: id, fieldId }))
  })
  .get('/:id/ai-fields/:fieldId/cells', fieldParams, documented({ response: aiCellListSchema }), validate('query', aiCellsQuerySchema), async (c) => {
    const { id, fieldId } = c.req.valid('param')
    return c.json(await listAiCells({ userId: c.var.user.id, uploadId: id, fieldId, rowIndexes: c.req.valid('query').rowIndexes }))
  })
  .get('/:id/ai-fields/:fieldId/cells/:rowIndex', cellParams, documented({ response: aiCellSchema }), async (c) => {
    const { id, fieldId, rowIndex } = c.req.valid('param')
    return c.json(await getAiCellOrThrow({ userId: c.var.user.id, uploadId: id, fieldId, rowIndex }))
  })
  // Columns that learn from corrections (decision 038): a cell edit adds an example (PATCH .../rows/:rowIndex);
  // 'Re-run with my corrections' is a run with scope 'corrections'.
  .get('/:id/ai-fields/:fieldId/examples', fieldParams, documented({ summary: 'The values you corrected in an AI column, kept as its examples', response: aiFieldExampleListSchema }), async (c) => {
    const { id, fieldId } = c.req.valid('param')
    return c.json(await listFieldExamples({ userId: c.var.user.id, uploadId: id, fieldId }))
  })
  .delete('/:id/ai-fields/:fieldId/examples/:exampleId', exampleParams, documented({ summary: 'Remove one of an AI column\'s examples', response: aiFieldExampleListSchema }), async (c) => {
    const { id, fieldId, exampleId } = c.req.valid('param')
    return c.json(await removeFieldExample({ userId: c.var.user.id, uploadId: id, fieldId, exampleId }))
  })
  .post('/:id/ai-fields/:fieldId/:action', actionParams, documented({ response: aiFieldSchema }), async (c) => {
    const { id, fieldId, action } = c.req.valid('param')
    return c.json(await controlRun({ userId: c.var.user.id, uploadId: id, fieldId, action }))
  })

/** Mounted at /api/ai: where the AI comes from, and the dashboard's count. */
export const aiStatusRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/provider', documented({ response: aiProviderStatusSchema }), async (c) => c.json(await getAiProviderStatus({ userId: c.var.user.id })))
  .get('/stats', documented({ response: aiStatsSchema }), async (c) => c.json({ enrichedRows: await countEnrichedRows({ userId: c.var.user.id }) }))
