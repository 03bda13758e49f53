import { Hono } from 'hono'
import { z } from 'zod'
import { COLUMN_MESSAGES } from '#common/messages'
import {
  addColumnSchema,
  COLUMN_KEY_PATTERN,
  columnsResponseSchema,
  formulaPreviewResponseSchema,
  formulaPreviewSchema,
  formulaSuggestionSchema,
  reorderColumnsSchema,
  suggestFormulaSchema,
  updateColumnSchema,
} from '#common/schemas/rows'
import { dateOrderCheckSchema, updateDateOrderSchema, uploadColumnSchema } from '#common/schemas/uploads'
import type { AppEnv } from '#server/platform/hono-env'
import { documented } from '#server/platform/openapi'
import { requireUser } from '#server/platform/require-user'
import { validate, validateIds } from '#server/platform/validate'
import { addColumn, checkColumnDateOrder, deleteColumn, listUploadColumns, reorderColumns, setColumnDateOrder, updateColumn } from './columns.service.ts'
import { previewFormula } from './formula-columns.ts'
import { suggestFormula } from './formula-suggest.service.ts'
import { UPLOAD_NOT_FOUND, uploadIdParam } from '#server/modules/uploads/upload-id-param'

/** A key that is not a column key names no column: the same 404 as one the upload lacks. */
const columnParams = validateIds({ id: UPLOAD_NOT_FOUND, key: COLUMN_MESSAGES.notFound }, { key: z.string().regex(COLUMN_KEY_PATTERN) })

/** Mounted at /api/uploads: the columns of one upload. */
export const columnsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/:id/columns', uploadIdParam, documented({ response: columnsResponseSchema }), async (c) =>
    c.json({ columns: await listUploadColumns({ userId: c.var.user.id, uploadId: c.req.valid('param').id }) }),
  )
  .post('/:id/columns', uploadIdParam, documented({ response: uploadColumnSchema, status: 201 }), validate('json', addColumnSchema), async (c) =>
    c.json(await addColumn({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') }), 201),
  )
  .post(
    '/:id/columns/formula-preview',
    uploadIdParam,
    documented({ summary: 'A formula computed on the first rows (a bad formula is a 422 pointing at the place)', response: formulaPreviewResponseSchema }),
    validate('json', formulaPreviewSchema),
    async (c) => c.json(await previewFormula({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  .post(
    '/:id/columns/formula-suggest',
    uploadIdParam,
    documented({ summary: "'Describe it instead': the configured model proposes a formula, checked and previewed, not saved (1 credit, refunded on failure)", response: formulaSuggestionSchema }),
    validate('json', suggestFormulaSchema),
    async (c) => c.json(await suggestFormula({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  // Before '/:id/columns/:key', which would take 'order' for a key.
  .put('/:id/columns/order', uploadIdParam, documented({ response: columnsResponseSchema }), validate('json', reorderColumnsSchema), async (c) =>
    c.json(await reorderColumns({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  .patch('/:id/columns/:key', columnParams, documented({ response: uploadColumnSchema }), validate('json', updateColumnSchema), async (c) => {
    const { id, key } = c.req.valid('param')
    return c.json(await updateColumn({ userId: c.var.user.id, uploadId: id, key, ...c.req.valid('json') }))
  })
  .get('/:id/columns/:key/date-order', columnParams, documented({ response: dateOrderCheckSchema }), validate('query', updateDateOrderSchema), async (c) => {
    const { id, key } = c.req.valid('param')
    return c.json(await checkColumnDateOrder({ userId: c.var.user.id, uploadId: id, key, ...c.req.valid('query') }))
  })
  .put('/:id/columns/:key/date-order', columnParams, documented({ response: uploadColumnSchema }), validate('json', updateDateOrderSchema), async (c) => {
    const { id, key } = c.req.valid('param')
    return c.json(await setColumnDateOrder({ userId: c.var.user.id, uploadId: id, key, ...c.req.valid('json') }))
  })
  .delete('/:id/columns/:key', columnParams, documented({ response: columnsResponseSchema }), async (c) => {
    const { id, key } = c.req.valid('param')
    return c.json(await deleteColumn({ userId: c.var.user.id, uploadId: id, key }))
  })
