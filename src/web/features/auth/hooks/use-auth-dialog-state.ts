import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import type { AuthMode } from '#common/schemas/auth'
import { AUTH_PARAM, readAuthMode, withoutParams } from '../lib/auth-search-params'

/** The auth dialog lives in the URL: `?mode=signin|signup|forgotPassword` or `?auth=required`. */
export function useAuthDialogState() {
  const [searchParams, setSearchParams] = useSearchParams()
  const mode = readAuthMode(searchParams)

  const close = useCallback(() => {
    setSearchParams((current) => withoutParams(current, [AUTH_PARAM.mode, AUTH_PARAM.auth]), {
      replace: true,
    })
  }, [setSearchParams])

  const switchMode = useCallback(
    (next: AuthMode) => {
      setSearchParams(
        (current) => {
          const params = withoutParams(current, [AUTH_PARAM.auth])
          params.set(AUTH_PARAM.mode, next)
          return params
        },
        { replace: true },
      )
    },
    [setSearchParams],
  )

  return { mode, isRequested: mode !== null, close, switchMode }
}
