import * as React from 'react'

import { MOBILE_BREAKPOINT_PX } from '#common/constants'

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`

function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') {
    return () => {}
  }
  const mql = window.matchMedia(MOBILE_QUERY)
  mql.addEventListener('change', onChange)
  return () => mql.removeEventListener('change', onChange)
}

function getSnapshot() {
  if (typeof window.matchMedia !== 'function') {
    return window.innerWidth < MOBILE_BREAKPOINT_PX
  }
  return window.matchMedia(MOBILE_QUERY).matches
}

function getServerSnapshot() {
  return false
}

/**
 * True when the viewport is narrower than MOBILE_BREAKPOINT_PX.
 * Same contract as shadcn's useIsMobile, implemented with useSyncExternalStore
 * so there is no extra render with an `undefined` state and no setState in an effect.
 */
export function useIsMobile() {
  return React.useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
}
