import { describe, expect, it } from 'vitest'
import { PROFILE_MESSAGES } from '#common/messages'
import { checkAvatarFile } from './avatar-file'

describe('checkAvatarFile', () => {
  it('takes JPG, JPEG, PNG and GIF up to 2 MB', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.gif']) expect(checkAvatarFile(new File(['x'], name)).ok).toBe(true)
  })
  it('names the problem: wrong type or too large', () => {
    expect(checkAvatarFile(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toMatchObject({ description: PROFILE_MESSAGES.avatarInvalidType })
    expect(checkAvatarFile(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'a.png'))).toMatchObject({ description: PROFILE_MESSAGES.avatarTooLarge })
  })
})
