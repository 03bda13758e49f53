/**
 * The routes only a browser session may call, as issue 24 lists them: sign-in, password, sessions
 * and two-factor (Better Auth's), API tokens, and deleting the account. They refuse API tokens
 * (api-tokens.test.ts) and are left out of the OpenAPI document (api-docs.test.ts).
 */
export const isSessionOnlyPath = (path: string) =>
  path.startsWith('/api/auth/') || path.startsWith('/api/api-tokens') || path === '/api/profile/delete-account'
