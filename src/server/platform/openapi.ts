import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import { apiErrorBodySchema } from '#common/errors'
import type { AppEnv } from './hono-env.ts'
import { validatedInputOf } from './validate.ts'

type JsonSchema = Record<string, unknown>
type RouteEntry = { method: string; path: string; handler: unknown }

/** What a route's validators cannot say: a summary, its answer, a body that is not JSON, an answer that is not JSON. */
export type RouteDoc = {
  summary?: string
  description?: string
  /** A multipart form (an upload): its fields, `format: binary` for a file. */
  multipart?: { required: string[]; properties: Record<string, JsonSchema> }
  /** The contract of the success answer's JSON body: the schema the route's tests parse its answers with. */
  response?: z.ZodType
  /** The success status, when it is not 200. */
  status?: 201 | 202
  /** Other media types the request body may have besides its validated JSON (a CSV body), with their schemas. */
  alsoAccepts?: Record<string, JsonSchema>
  /** The success answer's media type when it is not JSON (a CSV, an event stream, an image). */
  produces?: string
}

const routeDocs = new WeakMap<object, RouteDoc>()

/** A route's documentation beside its validators; it does nothing at request time. */
export function documented(doc: RouteDoc) {
  const middleware = createMiddleware<AppEnv>(async (_c, next) => next())
  routeDocs.set(middleware, doc)
  return middleware
}

export type OpenApiOptions = {
  title: string
  version: string
  description: string
  /** Routes not in the document: other services' callbacks. */
  isExcluded: (path: string) => boolean
  /** Middleware that keeps a route out of the document: the refusal of API tokens (a browser session's own routes). */
  excludedWith: unknown[]
  /** The middleware that marks a route as needing a signed-in user. */
  requireUser: unknown
  /** The middleware of the payment gate. */
  requirePaidAccess: unknown
  tagOf: (path: string) => string
  /** The scope a personal API token needs for a route ('read' or 'read_write'), shown on each operation. */
  scopeOf: (method: string, path: string) => string
}

/**
 * `z.toJSONSchema` as OpenAPI 3.1 takes it (JSON Schema 2020-12): what a client sends (`input`) or
 * what the route answers (`output`). A recursive
 * schema (a chat plan's condition groups) comes with `$defs` that its `#/$defs/...` refs point
 * into; inside the document those move to `components.schemas` under a name prefixed by `owner`.
 */
function toSchema(schema: z.ZodType, owner: string, components: Record<string, JsonSchema>, io: 'input' | 'output' = 'input'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema
  delete json.$schema
  const defs = json.$defs as Record<string, JsonSchema> | undefined
  if (!defs) return json
  delete json.$defs
  const rename = (name: string) => `${owner}_${name.replace(/[^A-Za-z0-9_.-]/g, '')}`
  const relink = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(relink)
    if (!value || typeof value !== 'object') return value
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
          ? `#/components/schemas/${rename(inner.slice('#/$defs/'.length))}`
          : relink(inner),
      ]),
    )
  }
  for (const [name, def] of Object.entries(defs)) components[rename(name)] = relink(def) as JsonSchema
  return relink(json) as JsonSchema
}

/** Whether `prefix/*` covers `path` (Hono's wildcard also matches the prefix itself). */
const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)

/** `/uploads/:id/rows/:rowIndex` as OpenAPI writes it: `/uploads/{id}/rows/{rowIndex}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}')

/** A streamed answer read as text (a CSV, events) rather than bytes (a spreadsheet, an image). */
const isText = (mediaType: string) => mediaType.startsWith('text/')

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})

function parametersOf(location: 'path' | 'query', schema: JsonSchema) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema.required ?? []) as string[])
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }))
}

/**
 * The OpenAPI 3.1 document of an app, read from its route table: every route's method and path,
 * and the zod schemas its validators check (`validate`, `validateIds`), so a schema that changes
 * changes the document. `documented(...)` adds what a validator cannot know.
 */
export function buildOpenApiDocument(routes: RouteEntry[], options: OpenApiOptions) {
  const middleware = routes.filter((route) => route.method === 'ALL')
  const grouped = new Map<string, { method: string; path: string; handlers: unknown[] }>()
  for (const route of routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/') || route.path.includes('*') || options.isExcluded(route.path)) continue
    const key = `${route.method} ${route.path}`
    const entry = grouped.get(key) ?? { method: route.method, path: route.path, handlers: [] }
    entry.handlers.push(route.handler)
    grouped.set(key, entry)
  }

  const paths: Record<string, Record<string, unknown>> = {}
  const schemas: Record<string, JsonSchema> = {}
  for (const { method, path, handlers } of grouped.values()) {
    const around = middleware.filter((entry) => entry.path.endsWith('/*') && isUnder(path, entry.path.slice(0, -2))).map((entry) => entry.handler)
    const all = [...around, ...handlers]
    if (all.some((handler) => options.excludedWith.includes(handler))) continue
    const needsUser = all.includes(options.requireUser)
    const isPaid = all.includes(options.requirePaidAccess)
    const doc: RouteDoc = Object.assign({}, ...handlers.map((handler) => (typeof handler === 'function' && routeDocs.get(handler)) || {}))

    const operationId = `${method.toLowerCase()}${openApiPath(path.replace(/^\/api/, ''))
      .split(/[/{}\-.]+/)
      .filter(Boolean)
      .map((part) => part[0]!.toUpperCase() + part.slice(1))
      .join('')}`
    const parameters: unknown[] = []
    let requestBody: unknown
    const documentedPathParams = new Set<string>()
    for (const handler of handlers) {
      const input = validatedInputOf(handler)
      if (!input) continue
      const schema = toSchema(input.schema, operationId, schemas)
      if (input.target === 'param') {
        for (const parameter of parametersOf('path', schema)) {
          documentedPathParams.add(parameter.name)
          parameters.push(parameter)
        }
      } else if (input.target === 'query') parameters.push(...parametersOf('query', schema))
      else if (input.target === 'json') requestBody = { required: true, content: { 'application/json': { schema } } }
      else if (input.target === 'form') requestBody = { required: true, content: { 'multipart/form-data': { schema } } }
    }
    for (const [, name] of path.matchAll(/:([A-Za-z0-9_]+)/g)) {
      if (!documentedPathParams.has(name!)) parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } })
    }
    if (doc.alsoAccepts && requestBody) {
      const body = requestBody as { required: boolean; content: Record<string, unknown> }
      requestBody = { ...body, content: { ...body.content, ...Object.fromEntries(Object.entries(doc.alsoAccepts).map(([type, schema]) => [type, { schema }])) } }
    }
    if (doc.multipart) {
      requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object', ...doc.multipart } } } }
    }

    const scope = options.scopeOf(method, path)
    const responses: Record<string, unknown> = {
      [String(doc.status ?? 200)]: {
        description: 'Success',
        content: doc.produces
          ? { [doc.produces]: { schema: { type: 'string', ...(isText(doc.produces) ? {} : { format: 'binary' }) } } }
          : { 'application/json': { schema: doc.response ? toSchema(doc.response, `${operationId}Response`, schemas, 'output') : {} } },
      },
      ...(needsUser ? { '401': errorResponse('No session and no valid API token') } : {}),
      ...(isPaid ? { '402': errorResponse('No active plan or trial (the payment gate)') } : {}),
      ...(path.includes(':') ? { '404': errorResponse('Not found, or not yours') } : {}),
      ...(parameters.length > 0 || requestBody ? { '422': errorResponse('The input failed its schema; `details` holds the issues') } : {}),
      ...(needsUser && scope !== 'read' ? { '403': errorResponse('The API token has the `read` scope; this route needs `read_write`') } : {}),
      ...(needsUser ? { '429': errorResponse('Too many requests with this API token, or too many invalid tokens from this address; see `Retry-After`') } : {}),
    }
    const notes = [
      doc.description,
      isPaid ? 'Needs an active plan or trial (402 otherwise).' : undefined,
      needsUser ? `API token scope: \`${scope}\`.` : undefined,
    ].filter(Boolean)
    const operation = {
      operationId,
      tags: [options.tagOf(path)],
      summary: doc.summary ?? `${method} ${openApiPath(path)}`,
      ...(notes.length > 0 ? { description: notes.join('\n\n') } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
      // OpenAPI 3.1 lets any scheme list the roles an operation needs: here, the token's scope.
      ...(needsUser ? { security: [{ bearerAuth: [scope] }], 'x-token-scope': scope } : { security: [] }),
    }
    const key = openApiPath(path)
    paths[key] = { ...paths[key], [method.toLowerCase()]: operation }
  }

  return {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version, description: options.description },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal API token from API Settings (`rc_...`), with a scope: `read` (GET, and the POSTs that only read: a plan, a run estimate, an export) or `read_write` (everything else). Each operation names the scope it needs. A token may have an expiry; after it, calls answer 401.',
        },
      },
      schemas: {
        ...schemas,
        Error: toSchema(apiErrorBodySchema, 'Error', schemas, 'output'),
      },
    },
  }
}
