import { useMutation } from '@tanstack/react-query'
import type { ContactMessageInput } from '#common/schemas/contact'
import { api, unwrap } from '#web/lib/api-client'

/** send-contact-email (001 §7), through our own server: the message is stored and mailed. */
export async function sendContactMessage(input: ContactMessageInput) {
  return unwrap(await api.contact.$post({ json: input }))
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage })
}
