import { AVATAR_RULES } from '#common/constants'
import { PROFILE_MESSAGES } from '#common/messages'

const ACCEPTED = /\.(jpe?g|png|gif)$/i

/** The browser's first check of a chosen avatar (001 §5); the server checks the bytes again. */
export function checkAvatarFile(file: File): { ok: true } | { ok: false; title: string; description: string } {
  if (!ACCEPTED.test(file.name) && !['image/jpeg', 'image/png', 'image/gif'].includes(file.type)) {
    return { ok: false, title: PROFILE_MESSAGES.avatarInvalidTypeTitle, description: PROFILE_MESSAGES.avatarInvalidType }
  }
  if (file.size > AVATAR_RULES.maxBytes) {
    return { ok: false, title: PROFILE_MESSAGES.avatarTooLargeTitle, description: PROFILE_MESSAGES.avatarTooLarge }
  }
  return { ok: true }
}
