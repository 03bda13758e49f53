import { Hono } from 'hono'
import { TEMPLATE_MESSAGES } from '#common/messages'
import { listTemplatesQuerySchema, templateInputSchema } from '#common/schemas/templates'
import type { AppEnv } from '#server/platform/hono-env'
import { requireUser } from '#server/platform/require-user'
import { validate, validateIds } from '#server/platform/validate'
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from './templates.service.ts'
import { aiFieldTemplateSchema, deletedTemplateSchema, templateListSchema } from '#common/schemas/templates'
import { documented } from '#server/platform/openapi'

/** A malformed id names no template: the same 404 as someone else's (validateIds). */
const templateIdParam = validateIds({ id: TEMPLATE_MESSAGES.notFound })

export const templatesRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', documented({ response: templateListSchema }), validate('query', listTemplatesQuerySchema), async (c) =>
    c.json(await listTemplates({ userId: c.var.user.id, ...c.req.valid('query') })),
  )
  .post('/', documented({ response: aiFieldTemplateSchema, status: 201 }), validate('json', templateInputSchema), async (c) =>
    c.json(await createTemplate({ userId: c.var.user.id, ...c.req.valid('json') }), 201),
  )
  .put('/:id', templateIdParam, documented({ response: aiFieldTemplateSchema }), validate('json', templateInputSchema), async (c) =>
    c.json(await updateTemplate({ userId: c.var.user.id, id: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  .delete('/:id', templateIdParam, documented({ response: deletedTemplateSchema }), async (c) =>
    c.json(await deleteTemplate({ userId: c.var.user.id, ...c.req.valid('param') })),
  )
