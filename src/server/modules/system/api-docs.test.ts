import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { API_TOKEN_MESSAGES } from '#common/messages'
import { createAiFieldSchema, aiRunRequestSchema } from '#common/schemas/enrichment'
import { createExportSchema, ROW_INDEX_DESCRIPTION } from '#common/schemas/rows'
import { openApiPath } from '#server/platform/openapi'
import { strictInput } from '#server/platform/strict-input'
import { isSessionOnlyPath } from '#server/test/session-only-routes'
import { createTestApp, type TestApp } from '#server/test/test-app'
import { API_DOCS_ASSETS_PATH, API_DOCS_PATH, API_TAGS } from './api-docs.ts'
import { openApiDocumentSchema } from '#common/schemas/system'
import { readJson } from '#server/test/contract'

type Operation = {
  tags: string[]
  parameters?: { name: string; in: string; schema: unknown }[]
  requestBody?: { content: Record<string, { schema?: unknown }> }
  responses: Record<string, unknown>
  security?: unknown[]
  'x-token-scope'?: string
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> }

let t: TestApp
let document: Document
beforeAll(async () => {
  t = await createTestApp()
  const res = await t.browser().request('/api/openapi.json')
  expect(res.status).toBe(200)
  document = (await readJson(res, openApiDocumentSchema)) as unknown as Document
})
afterAll(async () => {
  await t?.close()
})

/** The session-only routes and Stripe's callback. */
const isOutsideTheApi = (path: string) => isSessionOnlyPath(path) || path.startsWith('/api/billing/webhooks')

const inputSchema = (schema: z.ZodType) => {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
  delete json.$schema
  return json
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document whose schemas compile', async () => {
    expect(document.openapi).toBe('3.1.0')
    const result = await new Validator().validate(document)
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)

    const ajv = new Ajv2020({ strict: false })
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schemas = [
          ...Object.values(operation.requestBody?.content ?? {}).map((media) => media.schema),
          ...(operation.parameters ?? []).map((p) => p.schema),
          ...Object.values(operation.responses).flatMap((response) => Object.values((response as { content?: Record<string, { schema?: unknown }> }).content ?? {}).map((media) => media.schema)),
        ]
        for (const schema of schemas.filter(Boolean)) {
          // Refs into components.schemas (recursive contracts) resolve against the document's components.
          expect(() => ajv.compile({ ...(schema as object), components: (document as unknown as { components: unknown }).components }), `${method} ${path}`).not.toThrow()
        }
      }
    }
  })

  it('describes every route of the route table a token can call, and no other', () => {
    const expected = new Set(
      t.app.routes
        .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/') && !route.path.includes('*') && !isOutsideTheApi(route.path))
        .map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`),
    )
    const described = new Set(Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`)))
    expect([...expected].filter((route) => !described.has(route))).toEqual([])
    expect([...described].filter((route) => !expected.has(route))).toEqual([])
    expect(described.size).toBeGreaterThan(60)
  })

  it('covers uploads, rows, columns, exports, AI fields, runs and cells, and templates; not billing or AI keys', () => {
    const tags = new Set(Object.values(document.paths).flatMap((operations) => Object.values(operations).flatMap((operation) => operation.tags)))
    for (const tag of ['Uploads', 'Rows', 'Columns', 'Exports', 'AI fields', 'AI runs and cells', 'Templates']) expect(tags).toContain(tag)
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/billing') || path.startsWith('/api/api-keys'))).toEqual([])
    expect([...tags].every((tag) => API_TAGS.includes(tag))).toBe(true)
    expect(document.paths['/api/uploads']?.post?.requestBody?.content['multipart/form-data']).toBeDefined()
    expect(document.paths['/api/uploads/{id}/ai-fields/{fieldId}/runs']?.post?.responses['402']).toBeDefined()
    expect(document.paths['/api/uploads/{id}/ai-fields/{fieldId}/cells/{rowIndex}']?.get?.parameters?.map((p) => p.name)).toEqual(['id', 'fieldId', 'rowIndex'])
  })

  it('takes its request schemas from the zod contracts the routes validate with', () => {
    const body = (path: string) => document.paths[path]?.post?.requestBody?.content['application/json']?.schema
    expect(body('/api/uploads/{id}/ai-fields')).toEqual(inputSchema(strictInput(createAiFieldSchema)))
    // A run's and an export's view hold a recursive plan: its definitions move to components, the fields stay the contract's.
    for (const [path, schema] of [
      ['/api/uploads/{id}/ai-fields/{fieldId}/runs', aiRunRequestSchema],
      ['/api/uploads/{id}/exports', createExportSchema],
    ] as const) {
      const described = body(path) as { properties: Record<string, unknown>; required?: string[] }
      const contract = inputSchema(schema) as typeof described
      expect(Object.keys(described.properties)).toEqual(Object.keys(contract.properties))
      expect(described.required).toEqual(contract.required)
    }
  })

  it("lists the rows' page sizes and the option of values keyed by column name", () => {
    const parameters = document.paths['/api/uploads/{id}/rows']?.get?.parameters ?? []
    const perPage = parameters.find((p) => p.name === 'perPage')
    expect(perPage?.schema).toMatchObject({ type: 'integer', enum: [10, 25, 50, 100], default: 50 })
    const keyBy = parameters.find((p) => p.name === 'keyBy')
    expect(keyBy?.schema).toMatchObject({ enum: ['key', 'name'], default: 'key' })
    expect(document.paths['/api/uploads/{id}/rows/locate']?.get?.parameters?.find((p) => p.name === 'perPage')?.schema).toMatchObject({
      enum: [10, 25, 50, 100],
    })
  })

  it("says what a row index is wherever one is read or sent: 0-based, the row number people see minus one (issue 44)", () => {
    const text = JSON.stringify(document)
    const patch = document.paths['/api/uploads/{id}/rows/{rowIndex}']?.patch?.parameters?.find((p) => p.name === 'rowIndex')
    expect(JSON.stringify(patch)).toContain(ROW_INDEX_DESCRIPTION)
    // The rows page, the delete body, the rows-added answer and the row location.
    expect(text.split(ROW_INDEX_DESCRIPTION).length - 1).toBeGreaterThanOrEqual(5)
  })

  it('describes the success answer of every operation with a schema, and its errors with the one error body', () => {
    const undescribed: string[] = []
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const success = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status))
        expect(success, `${method} ${path}`).toHaveLength(1)
        const [media] = Object.values((success[0]![1] as { content: Record<string, { schema?: object }> }).content)
        if (Object.keys(media?.schema ?? {}).length === 0) undescribed.push(`${method} ${path}`)
        for (const [status, response] of Object.entries(operation.responses)) {
          if (status.startsWith('4')) expect(response, `${method} ${path} ${status}`).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } })
        }
      }
    }
    expect(undescribed).toEqual([])
    expect(document.paths['/api/uploads/{id}']?.get?.responses['404']).toBeDefined()
    expect(document.paths['/api/uploads/{id}/rows']?.get?.responses['422']).toBeDefined()
  })

  it('asks for a bearer token, except on the public routes', () => {
    expect(document.paths['/api/health']?.get?.security).toEqual([])
    expect(document.paths['/api/uploads']?.get?.responses['401']).toBeDefined()
  })

  it("names the token scope every operation needs: 'read' to read, 'read_write' to change data or spend credits", () => {
    const scopes: Record<string, string> = {}
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.security?.length === 0) continue
        const [requirement] = operation.security as Array<{ bearerAuth: string[] }>
        scopes[`${method} ${path}`] = requirement!.bearerAuth.join()
        expect(operation['x-token-scope']).toBe(requirement!.bearerAuth[0])
        if (requirement!.bearerAuth[0] === 'read_write') expect(operation.responses['403'], `${method} ${path}`).toBeDefined()
      }
    }
    expect(scopes['get /api/uploads']).toBe('read')
    expect(scopes['post /api/uploads/{id}/chat/plan']).toBe('read')
    expect(scopes['post /api/uploads/{id}/exports']).toBe('read')
    expect(scopes['post /api/uploads/{id}/ai-fields/{fieldId}/estimate']).toBe('read')
    expect(scopes['post /api/uploads/{id}/ai-fields/{fieldId}/runs']).toBe('read_write')
    expect(scopes['post /api/uploads/{id}/chat']).toBe('read_write')
    expect(scopes['post /api/uploads/{id}/columns/formula-suggest']).toBe('read_write')
    expect(scopes['delete /api/uploads/{id}']).toBe('read_write')
    const writes = Object.entries(scopes).filter(([route]) => !route.startsWith('get '))
    expect(writes.filter(([, scope]) => scope === 'read').map(([route]) => route).sort()).toEqual([
      'post /api/uploads/{id}/ai-fields/{fieldId}/estimate',
      'post /api/uploads/{id}/chat/plan',
      'post /api/uploads/{id}/columns/formula-preview',
      'post /api/uploads/{id}/exports',
    ])
  })

  it('describes the plans a plan run takes: formulas where columns are named, group_by with measures, yes/no answers', () => {
    const components = (document as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas
    const seen = new Set<string>()
    // The plan's schema with every component it refers to, as text.
    const expand = (schema: unknown): string => {
      const text = JSON.stringify(schema)
      const refs = [...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!).filter((name) => !seen.has(name))
      refs.forEach((name) => seen.add(name))
      return [text, ...refs.map((name) => expand(components[name]))].join('\n')
    }
    const described = expand(document.paths['/api/uploads/{id}/chat/plan']?.post?.requestBody?.content['application/json']?.schema)
    for (const word of ['"formula"', '"group_by"', '"measures"', '"exists"', '"compare"', '"count_distinct"']) expect(described).toContain(word)
    const answer = JSON.stringify(document.paths['/api/uploads/{id}/chat/plan']?.post?.responses['200'])
    expect(answer).toContain('group_by')
    expect(answer).toContain('"answer"')
  })

  it('says of every JSON request body that fields it does not list are refused', () => {
    const components = (document as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas
    const loose: string[] = []
    const visit = (schema: unknown, where: string) => {
      if (Array.isArray(schema)) return schema.forEach((inner, i) => visit(inner, `${where}[${i}]`))
      if (!schema || typeof schema !== 'object') return
      const node = schema as Record<string, unknown>
      if (node.type === 'object' && node.properties && node.additionalProperties !== false) loose.push(where)
      for (const [key, inner] of Object.entries(node)) visit(inner, `${where}.${key}`)
    }
    let bodies = 0
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content['application/json']?.schema
        if (!schema) continue
        bodies += 1
        visit(schema, `${method} ${path}`)
      }
    }
    for (const [name, schema] of Object.entries(components)) if (name !== 'Error') visit(schema, name)
    expect(bodies).toBeGreaterThan(15)
    expect(loose).toEqual([])
  })
})

describe('the API reference page', () => {
  it('renders the document with Swagger UI served by this server, under a policy that allows only its own scripts', async () => {
    const res = await t.browser().request(API_DOCS_PATH)
    expect(res.status).toBe(200)
    const html = await res.text()
    const csp = res.headers.get('content-security-policy')!
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain("connect-src 'self';")
    // No inline script, and every file the page names is this server's.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    const addresses = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, address]) => address!)
    expect(addresses.length).toBeGreaterThanOrEqual(4)
    for (const address of addresses) expect(address, address).toMatch(/^\/(?!\/)/)
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })

  it('serves the viewer files from the installed package, and nothing else under its assets', async () => {
    const html = await (await t.browser().request(API_DOCS_PATH)).text()
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map(([, src]) => src!)
    expect(scripts.map((src) => src.split('?')[0])).toEqual([`${API_DOCS_ASSETS_PATH}/swagger-ui-bundle.js`, `${API_DOCS_ASSETS_PATH}/rowcraft-api-reference.js`])
    const bundle = await t.browser().request(scripts[0]!)
    expect(bundle.status).toBe(200)
    expect(bundle.headers.get('content-type')).toContain('javascript')
    const installed = await readFile(join(dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')), 'swagger-ui-bundle.js'), 'utf8')
    expect(await bundle.text()).toBe(installed)
    const initializer = await (await t.browser().request(scripts[1]!)).text()
    expect(initializer).toContain('"/api/openapi.json"')
    expect(initializer).toContain('validatorUrl: null')
    expect(initializer).toContain(JSON.stringify(API_TOKEN_MESSAGES.docsOffline))
    for (const path of [`${API_DOCS_ASSETS_PATH}/package.json`, `${API_DOCS_ASSETS_PATH}/..%2Fpackage.json`, `${API_DOCS_ASSETS_PATH}/index.html`]) {
      expect((await t.browser().request(path)).status, path).toBe(404)
    }
  })
})
