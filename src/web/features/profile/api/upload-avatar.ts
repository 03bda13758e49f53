import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '#web/lib/api-client'
import { authClient } from '#web/lib/auth-client'

export async function uploadAvatar(file: File): Promise<{ image: string }> {
  const form = new FormData()
  form.set('file', file)
  return unwrap(await api.profile.avatar.$post(undefined, { init: { body: form } }))
}

/** Uploads the picture, then re-reads the session so the menu and the page show it. */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: async () => {
      await authClient.getSession({ query: { disableCookieCache: true } })
      authClient.$store.notify('$sessionSignal')
    },
  })
}
