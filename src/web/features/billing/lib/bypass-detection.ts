import { BYPASS_PARAM_WORDS } from '#common/constants'

type KeyedStorage = Pick<Storage, 'length' | 'key' | 'removeItem'>

/** URL parameters whose name holds bypass, admin or override (000 §6), in any case. */
export function findBypassParams(search: string): string[] {
  const names = [...new URLSearchParams(search).keys()]
  return names.filter((name) => BYPASS_PARAM_WORDS.some((word) => name.toLowerCase().includes(word)))
}

/** Local-storage keys that look like a payment-bypass flag ('payment_bypass', 'paymentBypass'...). */
export function findBypassStorageKeys(storage: KeyedStorage): string[] {
  const keys: string[] = []
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i)
    if (key && /bypass/i.test(key)) keys.push(key)
  }
  return keys
}
