import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { AVATAR_RULES } from '#common/constants'
import { PROFILE_MESSAGES } from '#common/messages'
import { avatarSetSchema, deleteAccountSchema } from '#common/schemas/profile'
import type { AppEnv } from '#server/platform/hono-env'
import { documented } from '#server/platform/openapi'
import { receiveFile } from '#server/platform/receive-file'
import { refuseApiTokens } from '#server/platform/refuse-api-tokens'
import { requireUser } from '#server/platform/require-user'
import { validate } from '#server/platform/validate'
import { incomingDir } from '#server/platform/storage'
import { deleteAccount } from './account.service.ts'
import { getAvatarFileOrThrow, setAvatar } from './profile.service.ts'

export const profileRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post('/avatar', documented({ summary: 'Upload an avatar image', multipart: { required: ['file'], properties: { file: { type: 'string', format: 'binary' } } }, response: avatarSetSchema }), async (c) => {
    const file = await receiveFile(c.req.raw, {
      dir: incomingDir(),
      field: 'file',
      limitBytes: AVATAR_RULES.maxBytes,
      tooLargeMessage: PROFILE_MESSAGES.avatarTooLarge,
    })
    return c.json(await setAvatar({ userId: c.var.user.id, file }))
  })
  .get('/avatar/:userId', documented({ summary: "A user's avatar", produces: 'image/png' }), async (c) => {
    const avatar = await getAvatarFileOrThrow({ userId: c.var.user.id, ownerId: c.req.param('userId') })
    c.header('Content-Type', 'image/png')
    c.header('Content-Length', String(avatar.sizeBytes))
    c.header('Cache-Control', `private, max-age=${AVATAR_RULES.cacheSeconds}`)
    c.header('Last-Modified', avatar.modifiedAt.toUTCString())
    return c.body(Readable.toWeb(createReadStream(avatar.path)) as ReadableStream)
  })
  // The account itself: a browser session only (issue 24).
  .post('/delete-account', refuseApiTokens, validate('json', deleteAccountSchema), async (c) =>
    c.json(await deleteAccount({ userId: c.var.user.id, ...c.req.valid('json') })),
  )
