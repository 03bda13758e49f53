import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { APP_LOCAL_STORAGE_KEYS } from '#common/constants'
import { AUTH_MESSAGES } from '#common/messages'
import { authClient } from '#web/lib/auth-client'
import { markSigningOut } from '#web/lib/signing-out'

/** The session is already gone or unknown to the server: nothing left to undo. */
const IGNORED_SIGN_OUT_STATUSES = new Set([401, 403, 404])

export function clearAppStorage(storage: Pick<Storage, 'removeItem'> = localStorage) {
  for (const key of APP_LOCAL_STORAGE_KEYS) {
    try {
      storage.removeItem(key)
    } catch {
      // Blocked storage holds nothing of ours.
    }
  }
}

/**
 * Signs out and lands on '/'. It leaves the protected area first so the route guard does not
 * remember the page as a post-sign-in destination, then clears cached data and stored keys.
 */
export function useSignOut() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  return useCallback(async () => {
    markSigningOut()
    await navigate('/')
    try {
      const { error } = await authClient.signOut()
      if (error && !IGNORED_SIGN_OUT_STATUSES.has(error.status)) {
        toast.error(AUTH_MESSAGES.errorTitle, { description: error.message || AUTH_MESSAGES.unexpected })
      }
    } catch {
      toast.error(AUTH_MESSAGES.errorTitle, { description: AUTH_MESSAGES.unexpected })
    } finally {
      queryClient.clear()
      clearAppStorage()
    }
  }, [navigate, queryClient])
}
