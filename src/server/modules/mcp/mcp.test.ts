import { serve, type ServerType } from '@hono/node-server'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_TOKENS, CHAT, CREDIT_COSTS, MCP } from '#common/constants'
import { AI_FIELD_MESSAGES, MCP_MESSAGES } from '#common/messages'
import type { PlanResult } from '#common/schemas/plans'
import { runPlanForUser } from '#server/modules/chat/answering'
import { PLAN_PROMPT_MARKER, SUMMARY_PROMPT_MARKER } from '#server/modules/chat/lib/chat-prompts'
import { openExportLink } from '#server/modules/exports/export-links'
import { startFakeAiServer, type FakeAiAnswerContext, type FakeAiServer } from '#server/test/fake-ai-server'
import { freePort } from '#server/test/server-process'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { until } from '#server/test/until'

/**
 * `/mcp` driven by the SDK's own client over real HTTP, against the app served on a port: what a
 * read and a read-write token see and may call, answers checked against the file's own rows, an AI
 * column run with the fake provider, and refusals (other users' ids, bad input) as tool errors.
 */

const COUNTRIES = ['France', 'Germany', 'France', 'Spain', 'France', 'Germany']
const leads = csvOf(
  ['Name', 'Company', 'Country', 'Employees'],
  COUNTRIES.map((country, i) => [`Person ${i}`, `Firm ${i}`, country, String((i + 1) * 10)]),
)
const FRANCE_ROWS = COUNTRIES.filter((country) => country === 'France').length

let t: TestApp
let fake: FakeAiServer
let server: ServerType
let baseUrl: string
let owner: TestBrowser
let fileId: string
let readToken: string
let writeToken: string
let otherFileId: string
let otherToken: string
const clients: Client[] = []

/** Magic Chat's plan and summary for a question about France; every AI column cell 'Software'. */
function fakeAnswer(call: FakeAiAnswerContext) {
  const system = call.messages.find((message) => message.role === 'system')?.content ?? ''
  if (system.startsWith(PLAN_PROMPT_MARKER)) return { kind: 'plan', plan: { where: { column: 'Country', op: 'equals', value: 'France' } }, reasoning: 'Leads in France', confidence: 0.8 }
  if (system.startsWith(SUMMARY_PROMPT_MARKER)) {
    const figures = JSON.parse(call.messages.find((message) => message.role === 'user')!.content) as { matching_rows: number; rows_in_file: number }
    return { summary: `${figures.matching_rows} of ${figures.rows_in_file} leads are in France.` }
  }
  return { reasoning: 'From the row', confidence: 0.9, value: 'Software' }
}

const creditsOf = async (browser: TestBrowser) => (await (await browser.api.billing.subscription.$get()).json()).current_credits

async function tokenOf(browser: TestBrowser, scope: 'read' | 'read_write') {
  return (await (await browser.api['api-tokens'].$post({ json: { name: `mcp ${scope}`, scope } })).json()).token
}

async function connect(token: string) {
  const client = new Client({ name: 'rowcraft-test', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }))
  clients.push(client)
  return client
}

type ToolAnswer = { isError: boolean; body: Record<string, unknown> & { error?: { code: string; message: string } } }

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  const result = await client.callTool({ name, arguments: args })
  const [first] = result.content as Array<{ type: string; text: string }>
  expect(first?.type).toBe('text')
  return { isError: result.isError === true, body: JSON.parse(first!.text) as ToolAnswer['body'] }
}

async function ok(client: Client, name: string, args: Record<string, unknown>) {
  const answer = await call(client, name, args)
  if (answer.isError) throw new Error(`${name} failed: ${JSON.stringify(answer.body)}`)
  return answer.body
}

beforeAll(async () => {
  fake = await startFakeAiServer()
  t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model' }, { withWorkers: true })
  fake.reset({ answer: fakeAnswer })
  const port = await freePort()
  server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${port}`

  ;({ browser: owner } = await t.signUpVerified())
  await t.startTrial(owner)
  fileId = await importCsv(owner, 'leads.csv', leads)
  readToken = await tokenOf(owner, 'read')
  writeToken = await tokenOf(owner, 'read_write')

  const { browser: other } = await t.signUpVerified()
  await t.startTrial(other)
  otherFileId = await importCsv(other, 'theirs.csv', leads.replaceAll('Person', 'Someone'))
  otherToken = await tokenOf(other, 'read_write')
}, 180_000)

afterAll(async () => {
  for (const client of clients) await client.close()
  await new Promise((resolve) => server?.close(resolve))
  await t?.close()
  await fake?.stop()
})

describe('who may use /mcp', () => {
  it('answers 401 with a bearer challenge without a token, and with an unknown one', async () => {
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } })
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
    const bare = await fetch(`${baseUrl}/mcp`, { method: 'POST', headers, body: initialize })
    expect(bare.status).toBe(401)
    expect(bare.headers.get('www-authenticate')).toBe('Bearer realm="rowcraft"')
    expect(await errorOf(bare)).toMatchObject({ code: 'UNAUTHORIZED', message: MCP_MESSAGES.tokenRequired })

    const unknown = await fetch(`${baseUrl}/mcp`, { method: 'POST', headers: { ...headers, authorization: 'Bearer rc_not-a-real-token' }, body: initialize })
    expect(unknown.status).toBe(401)
    expect(unknown.headers.get('www-authenticate')).toContain('error="invalid_token"')
    expect((await errorOf(unknown)).code).toBe('UNAUTHORIZED')
  })

  it('stops serving a client whose token is revoked, at its next call', async () => {
    const created = await (await owner.api['api-tokens'].$post({ json: { name: 'mcp soon revoked', scope: 'read' } })).json()
    const client = await connect(created.token)
    expect((await ok(client, 'list_files', {})).files).toBeDefined()
    const revoked = await owner.request(`/api/api-tokens/${created.id}`, { method: 'DELETE' })
    expect(revoked.status).toBe(200)
    // The SDK client surfaces the HTTP 401 as an error of the call: no tool answers any more.
    await expect(client.callTool({ name: 'list_files', arguments: {} })).rejects.toThrow(/401|nauthori/i)
  })

  it('is stateless: GET and DELETE are 405, and a batch with a tool call is refused', async () => {
    const headers = { authorization: `Bearer ${readToken}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json' }
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${baseUrl}/mcp`, { method, headers })
      expect(res.status, method).toBe(405)
      expect(res.headers.get('allow')).toBe('POST')
    }
    const call = { jsonrpc: '2.0', method: 'tools/call', params: { name: 'list_files', arguments: {} } }
    const batch = await fetch(`${baseUrl}/mcp`, { method: 'POST', headers, body: JSON.stringify([{ ...call, id: 1 }, { ...call, id: 2 }]) })
    expect(batch.status).toBe(400)
    expect(((await batch.json()) as { error: { message: string } }).error.message).toBe(MCP_MESSAGES.oneCallPerRequest)
  })

  it('lists only the read tools to a read token, and every tool to a read-write one', async () => {
    const readTools = (await (await connect(readToken)).listTools()).tools
    expect(readTools.map((tool) => tool.name).sort()).toEqual(['describe_file', 'export', 'list_column_examples', 'list_files', 'read_rows', 'run_plan', 'run_progress', 'search_rows'])
    const writeTools = (await (await connect(writeToken)).listTools()).tools
    expect(writeTools.map((tool) => tool.name).sort()).toEqual([
      'add_rows',
      'ask_question',
      'create_ai_column',
      'create_http_column',
      'create_waterfall_column',
      'describe_file',
      'export',
      'list_column_examples',
      'list_files',
      'read_rows',
      'run_plan',
      'run_progress',
      'search_rows',
      'test_http_request',
      'test_waterfall_column',
    ])
    for (const tool of writeTools) {
      expect(tool.description!.length).toBeGreaterThan(80)
      expect(tool.inputSchema.type).toBe('object')
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false)
    }
  })

  it('refuses a write tool to a read token with a tool error that names the scope', async () => {
    const answer = await call(await connect(readToken), 'create_ai_column', { fileId, name: 'Industry', prompt: 'Which industry is {Company} in?' })
    expect(answer.isError).toBe(true)
    expect(answer.body.error).toEqual({ code: 'FORBIDDEN', message: MCP_MESSAGES.writeToolRefused('create_ai_column') })
    const fields = await (await owner.api.uploads[':id']['ai-fields'].$get({ param: { id: fileId } })).json()
    expect(fields.fields).toHaveLength(0)
  })
})

describe('reading files', () => {
  it('lists the files with their folders', async () => {
    const folder = await (await owner.api.folders.$post({ json: { name: 'Leads 2026' } })).json()
    await owner.api.uploads[':id'].folder.$put({ param: { id: fileId }, json: { folderId: folder.id } })
    const listed = await ok(await connect(readToken), 'list_files', {})
    expect(listed.folders).toEqual([{ id: folder.id, name: 'Leads 2026', files: 1 }])
    expect(listed.files).toEqual([expect.objectContaining({ id: fileId, name: 'leads.csv', folder: 'Leads 2026', status: 'completed', rows: COUNTRIES.length })])
    expect(listed).toMatchObject({ total: 1, truncated: false })
  })

  it('describes a file: columns, types, filled counts and common values', async () => {
    const described = await ok(await connect(readToken), 'describe_file', { fileId })
    expect(described.file).toEqual({ id: fileId, name: 'leads.csv', rows: COUNTRIES.length })
    const columns = described.columns as Array<Record<string, unknown>>
    expect(columns.map((column) => column.name)).toEqual(['Name', 'Company', 'Country', 'Employees'])
    const country = columns.find((column) => column.name === 'Country')!
    expect(country).toMatchObject({ filled: COUNTRIES.length, empty: 0 })
    expect(country.commonValues).toEqual([
      { value: 'France', count: 3 },
      { value: 'Germany', count: 2 },
    ])
    expect(columns.find((column) => column.name === 'Employees')).toMatchObject({ type: 'number', numberRange: { min: 10, max: 60, count: 6 } })
  })

  it("runs a plan whose count is the file's own, free", async () => {
    const client = await connect(readToken)
    const answer = await ok(client, 'run_plan', { fileId, plan: { where: { column: 'country', op: 'equals', value: 'france' }, aggregate: { op: 'count' } } })
    expect(answer.count).toBe(FRANCE_ROWS)
    expect(answer.totalRows).toBe(COUNTRIES.length)
    expect(answer.rowIndexes).toEqual(COUNTRIES.flatMap((country, i) => (country === 'France' ? [i] : [])))
    expect(answer.truncated).toBe(false)
    // The same rows the REST API's view counts.
    const rows = await (await owner.api.uploads[':id'].rows.$get({ param: { id: fileId }, query: { where: JSON.stringify({ column: 'Country', op: 'equals', value: 'France' }) } })).json()
    expect(rows.count).toBe(answer.count)

    const grouped = await ok(client, 'run_plan', { fileId, plan: { aggregate: { op: 'count_by', column: 'Country' } } })
    expect(grouped.aggregate).toMatchObject({ op: 'count_by', groups: [{ value: 'France', count: 3 }, { value: 'Germany', count: 2 }, { value: 'Spain', count: 1 }] })
    // One group asked for: its figure is the answer, beside the groups (issue 44).
    const one = await ok(client, 'run_plan', { fileId, plan: { aggregate: { op: 'count_by', column: 'Country', limit: 1 } } })
    expect(one.aggregate).toEqual({ op: 'count_by', column: 'Country', group: 'France', value: 3, groups: [{ value: 'France', count: 3 }], otherGroups: 2 })
  })

  it('runs a plan with a formula, a group_by and a yes/no answer (the shared plan contract)', async () => {
    const client = await connect(readToken)
    const grouped = await ok(client, 'run_plan', {
      fileId,
      plan: {
        where: { formula: 'NUMBER({Employees}) * 2', op: 'at_least', value: '40' },
        aggregate: { op: 'group_by', column: 'Country', measures: [{ op: 'sum', formula: 'NUMBER({Employees}) * 2' }] },
      },
    })
    const totals = new Map<string, number>()
    COUNTRIES.forEach((country, i) => {
      const doubled = (i + 1) * 10 * 2
      if (doubled >= 40) totals.set(country, (totals.get(country) ?? 0) + doubled)
    })
    const expected = [...totals].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    expect((grouped.aggregate as { groups: Array<{ value: string; measures: Array<{ value: number }> }> }).groups.map((g) => [g.value, g.measures[0]!.value])).toEqual(expected)
    const yes = await ok(client, 'run_plan', { fileId, plan: { where: { column: 'Country', op: 'equals', value: 'Spain' }, aggregate: { op: 'exists' } } })
    expect(yes.aggregate).toEqual({ op: 'exists', column: null, value: COUNTRIES.filter((c) => c === 'Spain').length, answer: true })
    const bad = await call(client, 'run_plan', { fileId, plan: { where: { formula: 'NUMBER({Employes})', op: 'equals', value: '1' } } })
    expect(bad.isError).toBe(true)
    expect(bad.body.error?.message).toContain('character 8: unknown column {Employes}; did you mean {Employees}?')
  })

  it('carries the value of an expression over measures, and each group\'s (issue 44)', async () => {
    const client = await connect(readToken)
    const employees = COUNTRIES.map((_, i) => (i + 1) * 10)
    const share = await ok(client, 'run_plan', {
      fileId,
      plan: { aggregate: { op: 'expression', expression: '{France} / {Leads}', measures: [{ op: 'count', name: 'France', where: { column: 'Country', op: 'equals', value: 'France' } }, { op: 'count', name: 'Leads' }] } },
    })
    expect(share.aggregate).toEqual({
      op: 'expression',
      column: '{France} / {Leads}',
      value: FRANCE_ROWS / COUNTRIES.length,
      measures: [
        { op: 'count', column: null, name: 'France', value: FRANCE_ROWS, skipped: 0 },
        { op: 'count', column: null, name: 'Leads', value: COUNTRIES.length, skipped: 0 },
      ],
    })
    const range = await ok(client, 'run_plan', { fileId, plan: { aggregate: { op: 'expression', expression: '{Most} - {Fewest}', measures: [{ op: 'max', column: 'Employees', name: 'Most' }, { op: 'min', column: 'Employees', name: 'Fewest' }] } } })
    expect(range.aggregate).toMatchObject({ value: Math.max(...employees) - Math.min(...employees) })
    const perCountry = await ok(client, 'run_plan', {
      fileId,
      plan: { aggregate: { op: 'group_by', column: 'Country', measures: [{ op: 'sum', column: 'Employees', name: 'Staff' }, { op: 'count', name: 'Leads' }], expression: '{Staff} / {Leads}' } },
    })
    const averages = [...new Set(COUNTRIES)].map((country) => {
      const own = employees.filter((_, i) => COUNTRIES[i] === country)
      return [country, own.reduce((a, b) => a + b, 0) / own.length] as const
    })
    const expected = averages.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    const groups = (perCountry.aggregate as { expression: string; groups: Array<{ value: string; expression: number }> })
    expect(groups.expression).toBe('{Staff} / {Leads}')
    expect(groups.groups.map((g) => [g.value, g.expression])).toEqual(expected)
  })

  it("answers a plan as POST /chat/plan does, within the rows and indexes it shows, reading no more than those", async () => {
    const many = 260
    const id = await importCsv(owner, 'many.csv', csvOf(['Name', 'Country', 'Employees'], Array.from({ length: many }, (_, i) => [`Lead ${i}`, i % 5 === 0 ? 'Spain' : 'Italy', String(i)])))
    const plan = { where: { column: 'Country', op: 'equals', value: 'Italy' }, sort: { column: 'Employees', direction: 'desc' }, limit: 120, aggregate: { op: 'sum', column: 'Employees' } } as const
    const rest = (await (await owner.request(`/api/uploads/${id}/chat/plan`, { method: 'POST', json: { plan } })).json()) as PlanResult
    expect(rest.rows).toHaveLength(120)
    expect(rest.rowIndexes).toHaveLength(many - many / 5)

    const answer = await ok(await connect(readToken), 'run_plan', { fileId: id, plan })
    expect(answer).toMatchObject({ count: rest.count, totalRows: rest.totalRows, steps: rest.steps, criteria: rest.criteria, aggregate: rest.aggregate, duplicates: rest.duplicates })
    // Each row also carries its row number, what people read (decision 034).
    expect(answer.rows).toEqual(rest.rows.slice(0, MCP.maxRowsShown).map((row) => ({ ...row, rowNumber: row.rowIndex + 1 })))
    expect(answer.rowIndexes).toEqual(rest.rowIndexes.slice(0, MCP.maxRowIndexesShown))
    expect(answer).toMatchObject({ rowIndexesShown: MCP.maxRowIndexesShown, truncated: true })

    // The runner is given the caps: it returns what the tool shows and says the list is not whole.
    const capped = await runPlanForUser({ userId: await t.userIdOf(owner), uploadId: id, plan, shown: { rows: MCP.maxRowsShown, rowIndexes: MCP.maxRowIndexesShown } })
    expect(capped.rows).toHaveLength(MCP.maxRowsShown)
    expect(capped.rowIndexes).toEqual(rest.rowIndexes.slice(0, MCP.maxRowIndexesShown))
    expect(capped.rowIndexesComplete).toBe(false)
    expect({ ...capped, rows: [], rowIndexes: [], rowIndexesComplete: true }).toEqual({ ...rest, rows: [], rowIndexes: [], rowIndexesComplete: true })

    // Within the caps nothing is cut, and nothing is called truncated.
    const few = await ok(await connect(readToken), 'run_plan', { fileId: id, plan: { where: { column: 'Country', op: 'equals', value: 'Spain' }, limit: 10 } })
    const restFew = (await (await owner.request(`/api/uploads/${id}/chat/plan`, { method: 'POST', json: { plan: { where: { column: 'Country', op: 'equals', value: 'Spain' }, limit: 10 } } })).json()) as PlanResult
    expect(few).toMatchObject({ count: many / 5, rows: restFew.rows, rowIndexes: restFew.rowIndexes, truncated: false })
  })

  it('reads a page of a view, values keyed by column name', async () => {
    const client = await connect(readToken)
    const page = await ok(client, 'read_rows', { fileId, where: { column: 'Country', op: 'equals', value: 'Germany' }, sort: { column: 'c4', direction: 'desc' } })
    expect(page).toMatchObject({ count: 2, isCountExact: true, truncated: false })
    expect(page.rows).toEqual([
      { rowIndex: 5, rowNumber: 6, values: { Name: 'Person 5', Company: 'Firm 5', Country: 'Germany', Employees: '60' } },
      { rowIndex: 1, rowNumber: 2, values: { Name: 'Person 1', Company: 'Firm 1', Country: 'Germany', Employees: '20' } },
    ])
    const first = await ok(client, 'read_rows', { fileId, perPage: 10, query: 'Person' })
    expect(first).toMatchObject({ count: 6, totalPages: 1, truncated: false })
  })

  it('searches rows across files', async () => {
    const found = await ok(await connect(readToken), 'search_rows', { query: 'Firm 3' })
    expect(found.hits).toEqual([expect.objectContaining({ fileId, rowIndex: 3, rowNumber: 4, column: 'Company', value: 'Firm 3' })])
  })

  it('gives an export link that downloads the rows for a short time, and refuses an altered one', async () => {
    const link = await ok(await connect(readToken), 'export', { fileId, format: 'csv', scope: 'view', where: { column: 'Country', op: 'equals', value: 'Spain' } })
    expect(link.validMinutes).toBe(15)
    expect(Date.parse(link.expiresAt as string) - Date.now()).toBeLessThanOrEqual(15 * 60_000)
    const { pathname } = new URL(link.url as string)
    const download = await fetch(`${baseUrl}${pathname}`)
    expect(download.status).toBe(200)
    expect((await download.text()).trim().split(/\r?\n/)).toEqual(['Name,Company,Country,Employees', 'Person 3,Firm 3,Spain,40'])

    const token = decodeURIComponent(pathname.split('/').pop()!)
    await expect(openExportLink({ link: token, now: Date.now() + 16 * 60_000 })).rejects.toThrow(MCP_MESSAGES.exportLinkExpired)

    const altered = await fetch(`${baseUrl}${pathname.slice(0, -3)}abc`)
    expect(altered.status).toBe(404)
    expect((await errorOf(altered)).message).toBe(MCP_MESSAGES.exportLinkInvalid)
  })
})

describe('AI columns', () => {
  it('creates an AI column, runs it with the fake provider and reports its progress', async () => {
    const client = await connect(writeToken)
    const created = await ok(client, 'create_ai_column', { fileId, name: 'Industry', prompt: 'Which industry is {Company} in? One or two words.' })
    expect(created).toMatchObject({ name: 'Industry', runStarted: true, rowsQueued: COUNTRIES.length })
    const done = await until(
      'the run to finish',
      () => ok(client, 'run_progress', { fileId, columnId: created.columnId }),
      (progress) => progress.isRunning === false,
    )
    expect(done).toMatchObject({ status: 'completed', counts: expect.objectContaining({ done: COUNTRIES.length, error: 0 }) })
    const page = await ok(client, 'read_rows', { fileId, perPage: 10 })
    expect((page.rows as Array<{ values: Record<string, string> }>).map((row) => row.values.Industry)).toEqual(COUNTRIES.map(() => 'Software'))
  })

  it('creates a column that runs on the rows add_rows brings later', async () => {
    const client = await connect(writeToken)
    const id = await importCsv(owner, 'auto-mcp.csv', leads)
    const created = await ok(client, 'create_ai_column', { fileId: id, name: 'Segment', prompt: 'Which segment is {Company}?', run: 'none', runOnNewRows: true, monthlyCap: 50 })
    expect(created).toMatchObject({ runStarted: false, runOnNewRows: { enabled: true, monthlyCap: 50, coverStale: false } })
    await ok(client, 'add_rows', { fileId: id, rows: [{ Name: 'New lead', Company: 'Firm 99', Country: 'Italy', Employees: '5' }] })
    const done = await until(
      'the new row to be enriched',
      () => ok(client, 'run_progress', { fileId: id, columnId: created.columnId }),
      (progress) => progress.isRunning === false && (progress.counts as { done: number }).done === 1,
    )
    expect(done).toMatchObject({ run: expect.objectContaining({ scope: 'new_rows', total: 1 }) })
  })

  it("makes a JSON column's fields columns of their own, as the REST route does", async () => {
    const client = await connect(writeToken)
    const id = await importCsv(owner, 'fields-mcp.csv', leads)
    const outputType = { kind: 'json', fields: [{ name: 'hq', type: 'text' }, { name: 'staff', type: 'number' }] }
    await ok(client, 'create_ai_column', { fileId: id, name: 'Facts', prompt: 'Facts about {Company}', outputType, fieldsAsColumns: true, run: 'none' })
    const { columns } = (await (await owner.request(`/api/uploads/${id}/columns`)).json()) as { columns: Array<{ name: string; type: string }> }
    expect(columns.slice(-3).map((c) => [c.name, c.type])).toEqual([
      ['Facts', 'text'],
      ['hq', 'text'],
      ['staff', 'number'],
    ])
  })
})

describe('adding rows', () => {
  it("adds rows and upserts by a key through the rows API's service; a plan counts them at once", async () => {
    const id = await importCsv(owner, 'inbound.csv', csvOf(['Email', 'Country'], [['ada@example.com', 'France']]))
    const client = await connect(writeToken)
    const added = await ok(client, 'add_rows', { fileId: id, rows: [{ email: 'grace@example.com', Country: 'France' }, { Email: 'linus@example.com', Country: 'Finland' }] })
    expect(added).toMatchObject({ added: 2, updated: 0, addedRowIndexes: [1, 2], totalRows: 3 })
    const upserted = await ok(client, 'add_rows', { fileId: id, upsert: 'Email', rows: [{ Email: ' ADA@example.com', Country: 'Spain' }, { Email: 'new@example.com', Country: 'Spain' }] })
    expect(upserted).toMatchObject({ added: 1, updated: 1, updatedRowIndexes: [0], addedRowIndexes: [3], totalRows: 4 })
    expect((await ok(client, 'run_plan', { fileId: id, plan: { where: { column: 'Country', op: 'equals', value: 'Spain' } } })).count).toBe(2)

    const retried = { fileId: id, idempotencyKey: 'form-42', rows: [{ Email: 'once@example.com' }] }
    expect(await ok(client, 'add_rows', retried)).toMatchObject({ added: 1, replayed: false })
    expect(await ok(client, 'add_rows', retried)).toMatchObject({ added: 1, replayed: true, totalRows: 5 })
  })

  it('refuses a read token, an unknown column, too many rows and another user\'s file', async () => {
    const id = await importCsv(owner, 'closed.csv', csvOf(['Email'], [['a@example.com']]))
    const refused = await call(await connect(readToken), 'add_rows', { fileId: id, rows: [{ Email: 'b@example.com' }] })
    expect(refused.body.error).toEqual({ code: 'FORBIDDEN', message: MCP_MESSAGES.writeToolRefused('add_rows') })
    const client = await connect(writeToken)
    const unknown = await call(client, 'add_rows', { fileId: id, rows: [{ Phone: '555' }] })
    expect(unknown.body.error?.code).toBe('VALIDATION_FAILED')
    expect(unknown.body.error?.message).toContain('Phone')
    const many = await call(client, 'add_rows', { fileId: id, rows: Array.from({ length: MCP.maxRowsAdded + 1 }, (_, i) => ({ Email: `${i}@example.com` })) })
    expect(many.body.error?.code).toBe('VALIDATION_FAILED')
    const theirs = await call(client, 'add_rows', { fileId: otherFileId, rows: [{ Name: 'x' }] })
    expect(theirs.body.error?.code).toBe('NOT_FOUND')
    const rows = await (await owner.api.uploads[':id'].rows.$get({ param: { id }, query: {} })).json()
    expect(rows.count).toBe(1)
  })
})

describe('questions', () => {
  it('asks Magic Chat, answers with the computed figures and charges the chat question', async () => {
    const before = await creditsOf(owner)
    const answer = await ok(await connect(writeToken), 'ask_question', { fileId, question: 'How many leads are in France?' })
    expect(answer).toMatchObject({ answer: `${FRANCE_ROWS} of ${COUNTRIES.length} leads are in France.`, isError: false, count: FRANCE_ROWS, totalRows: COUNTRIES.length })
    expect(answer.remainingCredits).toBe(before - CREDIT_COSTS.chatQuery)
    expect(await creditsOf(owner)).toBe(before - CREDIT_COSTS.chatQuery)
  })
})

describe('refusals', () => {
  it("answers another user's file and column ids with the REST API's not-found", async () => {
    const mine = await connect(writeToken)
    const rest = await errorOf(await owner.api.uploads[':id'].$get({ param: { id: otherFileId } }))
    for (const [tool, args] of [
      ['describe_file', { fileId: otherFileId }],
      ['read_rows', { fileId: otherFileId }],
      ['run_plan', { fileId: otherFileId, plan: {} }],
      ['export', { fileId: otherFileId }],
      ['create_ai_column', { fileId: otherFileId, name: 'X', prompt: 'About {Name}' }],
    ] as const) {
      const answer = await call(mine, tool, args)
      expect(answer, tool).toMatchObject({ isError: true, body: { error: { code: 'NOT_FOUND', message: rest.message } } })
    }
    const theirs = await connect(otherToken)
    const fields = await (await owner.api.uploads[':id']['ai-fields'].$get({ param: { id: fileId } })).json()
    const answer = await call(theirs, 'run_progress', { fileId, columnId: fields.fields[0]!.id })
    expect(answer.body.error).toEqual({ code: 'NOT_FOUND', message: rest.message })
    const unknownColumn = await call(mine, 'run_progress', { fileId, columnId: '00000000-0000-4000-8000-000000000000' })
    expect(unknownColumn.body.error).toEqual({ code: 'NOT_FOUND', message: AI_FIELD_MESSAGES.fieldNotFound })
    // And nothing of theirs appears in a search of mine.
    expect((await ok(mine, 'search_rows', { query: 'Someone' })).hits).toEqual([])
  })

  it('answers bad input with a tool error, and keeps serving', async () => {
    const client = await connect(writeToken)
    const nul = await call(client, 'read_rows', { fileId, query: 'Ada\u0000' })
    expect(nul).toMatchObject({ isError: true, body: { error: { code: 'VALIDATION_FAILED' } } })
    expect(nul.body.error!.message).toContain('query')

    const malformedId = await call(client, 'describe_file', { fileId: "1' OR 1=1 --" })
    expect(malformedId.body.error).toMatchObject({ code: 'NOT_FOUND' })

    const tooLong = await call(client, 'ask_question', { fileId, question: 'x'.repeat(CHAT.maxQueryLength + 1) })
    expect(tooLong).toMatchObject({ isError: true, body: { error: { code: 'VALIDATION_FAILED' } } })

    const badPlan = await call(client, 'run_plan', { fileId, plan: { where: { column: 'Country', op: 'resembles', value: 'x' } } })
    expect(badPlan).toMatchObject({ isError: true, body: { error: { code: 'VALIDATION_FAILED' } } })
    expect(JSON.stringify(badPlan.body).length).toBeLessThan(2000)

    const misspelt = await call(client, 'read_rows', { fileId, filter: [] })
    expect(misspelt).toMatchObject({ isError: true, body: { error: { code: 'VALIDATION_FAILED' } } })
    expect(misspelt.body.error!.message).toContain('filter')

    const unknownColumn = await call(client, 'run_plan', { fileId, plan: { where: { column: 'Nope', op: 'equals', value: 'x' } } })
    expect(unknownColumn).toMatchObject({ isError: true, body: { error: { code: 'VALIDATION_FAILED' } } })

    const huge = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${writeToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'search_rows', arguments: { query: 'x'.repeat(MCP.maxBodyBytes) } } }),
    })
    expect(huge.status).toBe(413)

    expect((await ok(client, 'run_plan', { fileId, plan: {} })).count).toBe(COUNTRIES.length)
  })
})

// Last: it spends this address's invalid-token allowance for the rest of the minute.
describe('guessing tokens', () => {
  it("meets the API's failed-attempt limit per address: past it, even a valid token waits", async () => {
    const post = (token: string) =>
      fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      })
    const statuses: number[] = []
    for (let attempt = 0; attempt < API_TOKENS.failedAttemptsPerMinute + 1; attempt += 1) statuses.push((await post(`rc_guess${attempt}`)).status)
    expect(statuses).toContain(429)
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([])
    const valid = await post(readToken)
    expect(valid.status).toBe(429)
    expect(Number(valid.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
