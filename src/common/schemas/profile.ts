import { z } from 'zod'

/** Deleting the account (issue 13): the password, or for a Google-only user the e-mail typed. */
export const deleteAccountSchema = z.object({
  password: z.string().max(128).optional(),
  email: z.string().trim().max(320).optional(),
})
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>

/** POST /api/profile/avatar: the user's new image address (versioned, so caches never show the old one). */
export const avatarSetSchema = z.object({ image: z.string() })
