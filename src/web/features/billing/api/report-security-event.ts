import type { ClientSecurityEventInput } from '#common/schemas/billing'
import { api } from '#web/lib/api-client'

/** Reports a security event; a failed report must never break the page, so errors are dropped. */
export async function reportSecurityEvent(input: ClientSecurityEventInput): Promise<void> {
  try {
    await api.security.events.$post({ json: input })
  } catch {
    // Offline or signed out: the server-side gate still records what matters.
  }
}
