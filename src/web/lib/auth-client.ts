import { inferAdditionalFields, twoFactorClient } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'

/**
 * Better Auth is mounted on the same origin, so only the base path is given.
 * The default redirect plugin is off: it would reload the page whenever a response carries a
 * callback URL (sign-in passes one for the verification mail it may resend), which drops the
 * 'Welcome back!' toast. The one call that must leave the page, Google sign-in, does so itself.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  disableDefaultFetchPlugins: true,
  plugins: [
    inferAdditionalFields({
      user: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
      },
    }),
    // No redirect: the sign-in form shows the code step itself when the answer asks for it.
    twoFactorClient(),
  ],
})

export type SessionUser = NonNullable<ReturnType<typeof authClient.useSession>['data']>['user']
