import { useMutation } from '@tanstack/react-query'
import type { DeleteAccountInput } from '#common/schemas/profile'
import { api, unwrap } from '#web/lib/api-client'

export async function deleteAccount(input: DeleteAccountInput): Promise<{ deleted: true }> {
  return unwrap(await api.profile['delete-account'].$post({ json: input }))
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount })
}
