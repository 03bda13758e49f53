import http from 'node:http'
import https from 'node:https'
import { createAgentFetch } from '#server/platform/agent-fetch'

/**
 * The `fetch` the AI SDK providers are given for the operator's providers (OPENAI_BASE_URL and
 * the like: trusted, so not guarded): node:http with keep-alive agents, the answer read whole
 * (cell calls do not stream). A user's own base URL goes through the guarded client instead
 * (`userBaseUrlFetch` in the api-keys module).
 */
export const providerFetch = createAgentFetch({
  http: new http.Agent({ keepAlive: true, maxSockets: 1024 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 1024 }),
})
