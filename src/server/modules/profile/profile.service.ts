import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { AVATAR_RULES } from '#common/constants'
import { PROFILE_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { user } from '#server/db/schema/index'
import { env } from '#server/env'
import { AppError } from '#server/platform/app-error'
import { logger } from '#server/platform/logger'
import type { ReceivedFile } from '#server/platform/receive-file'
import { detectImageType } from './lib/image-type.ts'

const avatarsDir = () => join(env.DATA_DIR, 'avatars')
export const avatarPath = (userId: string) => join(avatarsDir(), `${userId.replace(/[^A-Za-z0-9-]/g, '')}.png`)

/**
 * Takes an uploaded avatar: checks its bytes (JPEG, PNG or GIF, at most 2 MB), crops it to a
 * centred square of `AVATAR_RULES.sizePx`, stores it as PNG and points the user's image at it.
 */
export async function setAvatar({ userId, file }: { userId: string; file: ReceivedFile }) {
  try {
    if (file.sizeBytes > AVATAR_RULES.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', PROFILE_MESSAGES.avatarTooLarge)
    const bytes = await readFile(file.path)
    if (!detectImageType(bytes)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', PROFILE_MESSAGES.avatarInvalidType)
    let square: Buffer
    try {
      square = await sharp(bytes, { animated: false, limitInputPixels: 40_000_000 })
        .rotate()
        .resize(AVATAR_RULES.sizePx, AVATAR_RULES.sizePx, { fit: 'cover', position: 'centre' })
        .png()
        .toBuffer()
    } catch (error) {
      logger.info({ event: 'profile.avatar.undecodable', userId, err: error })
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', PROFILE_MESSAGES.avatarInvalidType)
    }
    await mkdir(avatarsDir(), { recursive: true })
    const target = avatarPath(userId)
    const partial = `${target}.${Date.now()}.part`
    await writeFile(partial, square)
    await rename(partial, target)
    // The version in the URL changes with each upload, so caches never show the old picture.
    const image = `/api/profile/avatar/${encodeURIComponent(userId)}?v=${Date.now()}`
    await db.update(user).set({ image, updatedAt: new Date() }).where(eq(user.id, userId))
    return { image }
  } finally {
    await rm(file.path, { force: true })
  }
}

/** The stored avatar's path for its owner, or NOT_FOUND. */
export async function getAvatarFileOrThrow({ userId, ownerId }: { userId: string; ownerId: string }) {
  if (userId !== ownerId) throw new AppError('NOT_FOUND', 'Avatar not found')
  const path = avatarPath(ownerId)
  try {
    const info = await stat(path)
    return { path, sizeBytes: info.size, modifiedAt: info.mtime }
  } catch {
    throw new AppError('NOT_FOUND', 'Avatar not found')
  }
}
