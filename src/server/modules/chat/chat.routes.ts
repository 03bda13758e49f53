import { Hono } from 'hono'
import { CHAT_MESSAGES } from '#common/messages'
import { askChatResponseSchema, askChatSchema, chatClearedSchema, chatMessageSchema, chatThreadSchema } from '#common/schemas/chat'
import { planResultSchema, runPlanSchema } from '#common/schemas/plans'
import { requirePaidAccess } from '#server/modules/billing/require-paid-access'
import { UPLOAD_NOT_FOUND, uploadIdParam } from '#server/modules/uploads/upload-id-param'
import type { AppEnv } from '#server/platform/hono-env'
import { documented } from '#server/platform/openapi'
import { requireUser } from '#server/platform/require-user'
import { validate, validateIds } from '#server/platform/validate'
import { askChat, rerunAnswer, runPlanForUser } from './answering.ts'
import { clearChat, getChat } from './conversation.ts'
import { answerJudgment, startJudgment } from './judgment.ts'

const messageParams = validateIds({ id: UPLOAD_NOT_FOUND, messageId: CHAT_MESSAGES.answerNotFound })

/** Mounted at /api/uploads: Magic Chat and query plans of one upload (docs/api/chat.md). */
export const chatRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/:id/chat', uploadIdParam, documented({ response: chatThreadSchema }), async (c) => c.json(await getChat({ userId: c.var.user.id, uploadId: c.req.valid('param').id })))
  .post('/:id/chat', uploadIdParam, documented({ response: askChatResponseSchema }), requirePaidAccess, validate('json', askChatSchema), async (c) =>
    c.json(await askChat({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  .delete('/:id/chat', uploadIdParam, documented({ response: chatClearedSchema }), async (c) => c.json(await clearChat({ userId: c.var.user.id, uploadId: c.req.valid('param').id })))
  // A plan run as it is: no model, no credits, so any answer can be reproduced and scripted.
  .post('/:id/chat/plan', uploadIdParam, documented({ response: planResultSchema }), requirePaidAccess, validate('json', runPlanSchema), async (c) =>
    c.json(await runPlanForUser({ userId: c.var.user.id, uploadId: c.req.valid('param').id, plan: c.req.valid('json').plan })),
  )
  .patch('/:id/chat/messages/:messageId', messageParams, documented({ response: askChatResponseSchema }), requirePaidAccess, validate('json', runPlanSchema), async (c) => {
    const { id, messageId } = c.req.valid('param')
    return c.json(await rerunAnswer({ userId: c.var.user.id, uploadId: id, messageId, plan: c.req.valid('json').plan }))
  })
  .post('/:id/chat/messages/:messageId/judgment', messageParams, documented({ response: chatMessageSchema }), requirePaidAccess, async (c) => {
    const { id, messageId } = c.req.valid('param')
    return c.json(await startJudgment({ userId: c.var.user.id, uploadId: id, messageId }))
  })
  .post('/:id/chat/messages/:messageId/judgment/answer', messageParams, documented({ response: chatMessageSchema }), async (c) => {
    const { id, messageId } = c.req.valid('param')
    return c.json(await answerJudgment({ userId: c.var.user.id, uploadId: id, messageId }))
  })
