import { AUTH_REDIRECT_STORAGE_KEY, PAYMENT_SETUP_PATH } from '#common/constants'

type RedirectStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** A same-site path: starts with one '/' (not '//' nor '/\', which browsers treat as a host). */
export function isSameSitePath(value: string | null): value is string {
  if (!value || !value.startsWith('/')) return false
  return !value.startsWith('//') && !value.startsWith('/\\')
}

/** Remembers where a signed-out visitor wanted to go, to return there after sign-in. */
export function storeAuthRedirect(path: string, storage: RedirectStorage = localStorage) {
  if (!isSameSitePath(path)) return
  try {
    storage.setItem(AUTH_REDIRECT_STORAGE_KEY, path)
  } catch {
    // Storage can be full or blocked (private mode); the default destination still works.
  }
}

/** Returns and clears the stored destination when it is safe, else the payment-setup page (000 §4). */
export function takePostAuthDestination(storage: RedirectStorage = localStorage): string {
  let stored: string | null = null
  try {
    stored = storage.getItem(AUTH_REDIRECT_STORAGE_KEY)
    storage.removeItem(AUTH_REDIRECT_STORAGE_KEY)
  } catch {
    return PAYMENT_SETUP_PATH
  }
  return isSameSitePath(stored) ? stored : PAYMENT_SETUP_PATH
}
