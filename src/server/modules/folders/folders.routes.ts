import { Hono } from 'hono'
import { FOLDER_MESSAGES } from '#common/messages'
import { createFolderSchema, listFoldersQuerySchema } from '#common/schemas/folders'
import type { AppEnv } from '#server/platform/hono-env'
import { requireUser } from '#server/platform/require-user'
import { validate, validateIds } from '#server/platform/validate'
import { createFolder, deleteFolder, listFolders } from './folders.service.ts'
import { deletedFolderSchema, folderListSchema, folderSummarySchema } from '#common/schemas/folders'
import { documented } from '#server/platform/openapi'

export const foldersRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', documented({ response: folderListSchema }), validate('query', listFoldersQuerySchema), async (c) =>
    c.json(await listFolders({ userId: c.var.user.id, ...c.req.valid('query') })),
  )
  .post('/', documented({ response: folderSummarySchema, status: 201 }), validate('json', createFolderSchema), async (c) =>
    c.json(await createFolder({ userId: c.var.user.id, ...c.req.valid('json') }), 201),
  )
  .delete('/:id', validateIds({ id: FOLDER_MESSAGES.folderNotFound }), documented({ response: deletedFolderSchema }), async (c) =>
    c.json(await deleteFolder({ userId: c.var.user.id, folderId: c.req.valid('param').id })),
  )
