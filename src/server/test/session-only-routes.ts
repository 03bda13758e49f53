/**
 * The routes only a browser session may call: sign-in, password, sessions and two-factor (Better
 * Auth's), API tokens and deleting the account (issue 24); billing and the user's AI keys and base
 * URL (issue 29, decision 019); the secrets HTTP API columns send (issue 43). Stripe's own callback has no user at all. They refuse API tokens
 * (api-tokens.test.ts) and are left out of the OpenAPI document (api-docs.test.ts).
 */
export const isSessionOnlyPath = (path: string) =>
  path.startsWith('/api/auth/') ||
  path.startsWith('/api/api-tokens') ||
  path === '/api/profile/delete-account' ||
  (path.startsWith('/api/billing/') && !path.startsWith('/api/billing/webhooks/')) ||
  path === '/api/api-keys' ||
  path.startsWith('/api/api-keys/') ||
  path === '/api/secrets' ||
  path.startsWith('/api/secrets/')
