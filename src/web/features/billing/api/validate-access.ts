import { api, unwrap } from '#web/lib/api-client'

/** The fallback access validation the gate runs when the status is slow (000 §4). */
export async function validateAccess(): Promise<boolean> {
  const { has_access } = await unwrap(await api.billing.access.validate.$post())
  return has_access
}
