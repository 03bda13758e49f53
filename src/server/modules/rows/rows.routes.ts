import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { ROWS_API_MESSAGES } from '#common/messages'
import {
  addRowsQuerySchema,
  addRowsResultSchema,
  addRowsSchema,
  deleteRowsResultSchema,
  deleteRowsSchema,
  gridRowSchema,
  locateRowQuerySchema,
  ROW_INDEX_DESCRIPTION,
  rowLocationSchema,
  rowsPageSchema,
  rowsQuerySchema,
  updateCellSchema,
} from '#common/schemas/rows'
import type { AppEnv } from '#server/platform/hono-env'
import { requireUser } from '#server/platform/require-user'
import { validate, validateIds, validateUnless } from '#server/platform/validate'
import { AppError } from '#server/platform/app-error'
import { addRows, type AddRowsBody } from './add-rows.service.ts'
import { duplicatesPreviewSchema, duplicatesSpecSchema, removeDuplicatesResultSchema, removeDuplicatesSchema } from '#common/schemas/duplicates'
import { documented } from '#server/platform/openapi'
import { previewDuplicates, removeDuplicates } from './duplicates.service.ts'
import { deleteRows, listRows, locateRow, updateCell } from './rows.service.ts'
import { UPLOAD_NOT_FOUND, uploadIdParam } from '#server/modules/uploads/upload-id-param'

const isCsvBody = (c: Context) => /^(text|application)\/csv\b/i.test(c.req.header('content-type') ?? '')
const isJsonBody = (c: Context) => /^application\/([\w.-]+\+)?json\b/i.test(c.req.header('content-type') ?? '')

/** JSON is checked as every body is; a CSV body goes to the importer as bytes; anything else is a 415. */
const addRowsBody = validateUnless(
  (c) => {
    if (isCsvBody(c)) return true
    if (!isJsonBody(c)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', ROWS_API_MESSAGES.unsupportedType)
    return false
  },
  'json',
  addRowsSchema,
)

const rowParams = validateIds({ id: UPLOAD_NOT_FOUND }, { rowIndex: z.coerce.number().int().min(0).meta({ description: ROW_INDEX_DESCRIPTION }) })

/** Mounted at /api/uploads: the rows of one upload. */
export const rowsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/:id/rows', uploadIdParam, documented({ response: rowsPageSchema }), validate('query', rowsQuerySchema), async (c) =>
    c.json(await listRows({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('query') })),
  )
  .get('/:id/rows/locate', uploadIdParam, documented({ response: rowLocationSchema }), validate('query', locateRowQuerySchema), async (c) =>
    c.json(await locateRow({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('query') })),
  )
  .post(
    '/:id/rows',
    uploadIdParam,
    documented({
      summary: 'Add rows (JSON or CSV), or update the rows a key matches (upsert)',
      description:
        'At most 10,000 rows a call. JSON: `{ "rows": [{ "<column name>": value }], "addColumns"?: true }`. CSV (`Content-Type: text/csv`): a header row, then the rows, read as an upload is. `?upsert=<column name>` updates the row whose value matches; an `Idempotency-Key` header makes a retry add nothing twice. See docs/api/rows.md.',
      response: addRowsResultSchema,
      status: 201,
      alsoAccepts: { 'text/csv': { type: 'string', description: 'A header row naming the columns, then one line per row.' } },
    }),
    validate('query', addRowsQuerySchema),
    addRowsBody,
    async (c) => {
      const query = c.req.valid('query')
      let body: AddRowsBody
      let addColumns: boolean
      if (isCsvBody(c)) {
        body = { csv: new Uint8Array(await c.req.arrayBuffer()) }
        addColumns = query.addColumns === 'true'
      } else {
        const json = c.req.valid('json')
        body = { rows: json.rows }
        addColumns = json.addColumns ?? query.addColumns === 'true'
      }
      const result = await addRows({
        userId: c.var.user.id,
        uploadId: c.req.valid('param').id,
        body,
        addColumns,
        upsert: query.upsert,
        idempotencyKey: c.req.header('idempotency-key'),
      })
      return c.json(result, 201)
    },
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
