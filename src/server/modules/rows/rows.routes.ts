import { Hono } from 'hono'
import { z } from 'zod'
import {
  deleteRowsResultSchema,
  deleteRowsSchema,
  gridRowSchema,
  locateRowQuerySchema,
  rowLocationSchema,
  rowsPageSchema,
  rowsQuerySchema,
  updateCellSchema,
} from '#common/schemas/rows'
import type { AppEnv } from '#server/platform/hono-env'
import { requireUser } from '#server/platform/require-user'
import { validate, validateIds } from '#server/platform/validate'
import { duplicatesPreviewSchema, duplicatesSpecSchema, removeDuplicatesResultSchema, removeDuplicatesSchema } from '#common/schemas/duplicates'
import { documented } from '#server/platform/openapi'
import { previewDuplicates, removeDuplicates } from './duplicates.service.ts'
import { deleteRows, listRows, locateRow, updateCell } from './rows.service.ts'
import { UPLOAD_NOT_FOUND, uploadIdParam } from '#server/modules/uploads/upload-id-param'

const rowParams = validateIds({ id: UPLOAD_NOT_FOUND }, { rowIndex: z.coerce.number().int().min(0) })

/** Mounted at /api/uploads: the rows of one upload. */
export const rowsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/:id/rows', uploadIdParam, documented({ response: rowsPageSchema }), validate('query', rowsQuerySchema), async (c) =>
    c.json(await listRows({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('query') })),
  )
  .get('/:id/rows/locate', uploadIdParam, documented({ response: rowLocationSchema }), validate('query', locateRowQuerySchema), async (c) =>
    c.json(await locateRow({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('query') })),
  )
  .delete('/:id/rows', uploadIdParam, documented({ response: deleteRowsResultSchema }), validate('json', deleteRowsSchema), async (c) =>
    c.json(await deleteRows({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  .post(
    '/:id/duplicates/preview',
    uploadIdParam,
    documented({ summary: 'Count the rows that repeat others (nothing is deleted)', response: duplicatesPreviewSchema }),
    validate('json', duplicatesSpecSchema),
    async (c) => c.json(await previewDuplicates({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  .post(
    '/:id/duplicates/remove',
    uploadIdParam,
    documented({ summary: 'Delete the rows that repeat others, keeping one of each group', response: removeDuplicatesResultSchema }),
    validate('json', removeDuplicatesSchema),
    async (c) => c.json(await removeDuplicates({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  .patch('/:id/rows/:rowIndex', rowParams, documented({ response: gridRowSchema }), validate('json', updateCellSchema), async (c) => {
    const { id, rowIndex } = c.req.valid('param')
    return c.json(await updateCell({ userId: c.var.user.id, uploadId: id, rowIndex, ...c.req.valid('json') }))
  })
