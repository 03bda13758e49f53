import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { reportSecurityEvent } from '../api/report-security-event'
import { findBypassParams, findBypassStorageKeys } from '../lib/bypass-detection'

/**
 * A bypass, admin or override parameter in the URL, or a payment-bypass flag in local storage, is
 * logged as a high-severity 'payment_bypass_attempt' (000 §6); the query is stripped and the flag
 * removed. Nothing is granted: access is decided by the server's status alone.
 */
export function useBypassGuard() {
  const { pathname, search, hash } = useLocation()
  const navigate = useNavigate()

  useEffect(() => {
    const params = findBypassParams(search)
    let storageKeys: string[] = []
    try {
      storageKeys = findBypassStorageKeys(localStorage)
      for (const key of storageKeys) localStorage.removeItem(key)
    } catch {
      // Blocked storage can hold no flag.
    }
    if (params.length === 0 && storageKeys.length === 0) return
    void reportSecurityEvent({
      event_type: 'payment_bypass_attempt',
      details: { path: pathname, params: params.join(',') || null, storage_keys: storageKeys.join(',') || null },
    })
    if (params.length > 0) void navigate({ pathname, hash }, { replace: true })
  }, [hash, navigate, pathname, search])
}
