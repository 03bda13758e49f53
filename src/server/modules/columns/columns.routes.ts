import { Hono } from 'hono'
import { addColumnSchema, reorderColumnsSchema, updateColumnSchema } from '#common/schemas/rows'
import type { AppEnv } from '#server/platform/hono-env'
import { requireUser } from '#server/platform/require-user'
import { validate } from '#server/platform/validate'
import { addColumn, deleteColumn, listUploadColumns, reorderColumns, updateColumn } from './columns.service.ts'
import { uploadIdParam } from '#server/modules/uploads/upload-id-param'

/** Mounted at /api/uploads: the columns of one upload. */
export const columnsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/:id/columns', uploadIdParam, async (c) =>
    c.json({ columns: await listUploadColumns({ userId: c.var.user.id, uploadId: c.req.valid('param').id }) }),
  )
  .post('/:id/columns', uploadIdParam, validate('json', addColumnSchema), async (c) =>
    c.json(await addColumn({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') }), 201),
  )
  // Before '/:id/columns/:key', which would take 'order' for a key.
  .put('/:id/columns/order', uploadIdParam, validate('json', reorderColumnsSchema), async (c) =>
    c.json(await reorderColumns({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  .patch('/:id/columns/:key', uploadIdParam, validate('json', updateColumnSchema), async (c) =>
    c.json(
      await updateColumn({ userId: c.var.user.id, uploadId: c.req.valid('param').id, key: c.req.param('key'), ...c.req.valid('json') }),
    ),
  )
  .delete('/:id/columns/:key', uploadIdParam, async (c) =>
    c.json(await deleteColumn({ userId: c.var.user.id, uploadId: c.req.valid('param').id, key: c.req.param('key') })),
  )
