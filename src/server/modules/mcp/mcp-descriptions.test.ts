import { serve, type ServerType } from '@hono/node-server'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/query-rows'
import { PLAN_PROMPT_MARKER, SUMMARY_PROMPT_MARKER } from '#server/modules/chat/lib/chat-prompts'
import { startFakeAiServer, type FakeAiAnswerContext, type FakeAiServer } from '#server/test/fake-ai-server'
import { startFakeSource, type FakeSource } from '#server/test/fake-http-source'
import { freePort } from '#server/test/server-process'
import { createTestApp, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { until } from '#server/test/until'
import { MCP_TOOLS } from './mcp-server.ts'

/**
 * What each MCP tool's description and annotations claim about cost and side effects, held
 * against what the tool did when called through the SDK's client: the credits it spent, the model
 * calls it made (itself or through a run it triggered) and whether it wrote the user's data. A
 * description says either "Costs nothing and calls no AI model." or that it COSTS credits (and
 * then it calls the AI model); a tool marked read-only writes nothing; a tool that calls the model
 * is marked open-world.
 */

const FREE = /Costs nothing and calls no AI model\./
const COSTS = /COSTS\b[^.]*credits/
const CALLS_MODEL = /calls the AI model/

const leads = csvOf(
  ['Name', 'Company', 'Country'],
  ['France', 'Germany', 'France', 'Spain'].map((country, i) => [`Person ${i}`, `Firm ${i}`, country]),
)

let t: TestApp
let fake: FakeAiServer
let source: FakeSource
let server: ServerType
let owner: TestBrowser
let client: Client
let fileId: string
let autoFileId: string
let autoColumnId: string

function fakeAnswer(call: FakeAiAnswerContext) {
  const system = call.messages.find((message) => message.role === 'system')?.content ?? ''
  if (system.startsWith(PLAN_PROMPT_MARKER)) return { kind: 'plan', plan: { where: { column: 'Country', op: 'equals', value: 'France' } }, reasoning: 'Leads in France', confidence: 0.8 }
  if (system.startsWith(SUMMARY_PROMPT_MARKER)) return { summary: 'Some leads are in France.' }
  return { reasoning: 'From the row', confidence: 0.9, value: 'Software' }
}

async function ok(name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args })
  const [first] = result.content as Array<{ type: string; text: string }>
  const body = JSON.parse(first!.text) as Record<string, unknown>
  if (result.isError) throw new Error(`${name} failed: ${first!.text}`)
  return body
}

const creditsOf = async () => (await (await owner.api.billing.subscription.$get()).json()).current_credits

/**
 * The user's data as it stands: every table a tool could write for them, and the jobs queued
 * (other than the cron schedules' own). Bookkeeping a read may touch (rate limits, a token's last
 * use, sessions) is left out: it is not the user's data.
 */
const USER_TABLES = [
  'csv_uploads',
  'upload_columns',
  'csv_rows',
  'csv_row_duplicate_keys',
  'ai_fields',
  'ai_cells',
  'credit_transactions',
  'subscribers',
  'chat_threads',
  'chat_messages',
  'exports',
  'folders',
  'row_addition_keys',
  'webhook_deliveries',
]

async function fingerprint(): Promise<Record<string, string>> {
  const parts = USER_TABLES.map((table) => sql`SELECT ${table} AS name, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS hash FROM ${sql.identifier(table)} AS x`)
  const jobs = sql`SELECT 'jobs' AS name, count(*)::text AS hash FROM pgboss.job WHERE name NOT IN (SELECT name FROM pgboss.schedule)`
  const rows = await queryRows<{ name: string; hash: string }>(sql.join([...parts, jobs], sql` UNION ALL `))
  return Object.fromEntries(rows.map((row) => [row.name, row.hash]))
}

/** Waits until background work (an import's jobs, a run, a recount) has left the user's data unchanged for two seconds. */
async function quiet() {
  let last = ''
  let since = Date.now()
  await until(
    'the data to stop changing',
    async () => {
      const now = JSON.stringify(await fingerprint())
      if (now !== last) [last, since] = [now, Date.now()]
      return Date.now() - since >= 2000
    },
    { everyMs: 250 },
  )
}

const runOf = (id: string, columnId: string) => ok('run_progress', { fileId: id, columnId })

async function runFinished(id: string, columnId: string) {
  await until('the run to finish', () => runOf(id, columnId), (progress) => progress.isRunning === false)
}

/**
 * One call of each tool, the most it can do: add_rows on a file with a column that runs on new
 * rows, create_ai_column running over every row. `settle` waits for what the call started.
 */
type Scenario = { args: () => Record<string, unknown>; settle?: (answer: Record<string, unknown>) => Promise<void> }

const SCENARIOS: Record<string, Scenario> = {
  list_files: { args: () => ({}) },
  describe_file: { args: () => ({ fileId }) },
  read_rows: { args: () => ({ fileId, query: 'Firm' }) },
  search_rows: { args: () => ({ query: 'Firm 2' }) },
  run_plan: { args: () => ({ fileId, plan: { where: { column: 'Country', op: 'equals', value: 'France' }, aggregate: { op: 'count_by', column: 'Company' } } }) },
  export: { args: () => ({ fileId, format: 'csv' }) },
  run_progress: { args: () => ({ fileId: autoFileId, columnId: autoColumnId }) },
  list_column_examples: { args: () => ({ fileId: autoFileId, columnId: autoColumnId }) },
  add_rows: {
    args: () => ({ fileId: autoFileId, rows: [{ Name: 'New 1', Company: 'Firm 90', Country: 'Italy' }, { Name: 'New 2', Company: 'Firm 91', Country: 'Italy' }] }),
    settle: async () => {
      await until('the new rows to be enriched', () => runOf(autoFileId, autoColumnId), (p) => p.isRunning === false && (p.counts as { done: number }).done === 2)
    },
  },
  ask_question: { args: () => ({ fileId, question: 'How many leads are in France?' }) },
  create_http_column: {
    args: () => ({ fileId, request: { url: `${source.url}/echo?company={Company}` }, outputs: [{ name: 'Echoed', path: 'query.company' }] }),
    settle: (answer) => runFinished(fileId, answer.columnId as string),
  },
  test_http_request: { args: () => ({ fileId, request: { url: `${source.url}/echo?company={Company}` }, outputs: [{ name: 'Echoed', path: 'query.company' }], rowIndex: 0 }) },
  // The model's answer is never accepted here, so every row also goes to the HTTP step.
  create_waterfall_column: {
    args: () => ({ fileId, name: 'Looked up', steps: waterfallSteps() }),
    settle: (answer) => runFinished(fileId, answer.columnId as string),
  },
  test_waterfall_column: { args: () => ({ fileId, steps: waterfallSteps(), rowIndex: 0 }) },
  create_ai_column: {
    args: () => ({ fileId, name: 'Industry', prompt: 'Which industry is {Company} in?' }),
    settle: (answer) => runFinished(fileId, answer.columnId as string),
  },
}

const waterfallSteps = () => [
  { kind: 'ai', prompt: 'Which industry is {Company} in?', accept: '{confidence} > 1' },
  { kind: 'http', request: { url: `${source.url}/echo?company={Company}` }, path: 'query.company' },
]

/** Read-only tools first: a write's background work (a recount after rows are added) must not land in a read's window. */
const order = [...MCP_TOOLS].sort((a, b) => Number(b.annotations.readOnlyHint === true) - Number(a.annotations.readOnlyHint === true))

type Observed = { spent: number; modelCalls: number; sourceCalls: number; wrote: string[] }
const observed = new Map<string, Observed>()

beforeAll(async () => {
  fake = await startFakeAiServer()
  source = await startFakeSource()
  t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model', ALLOW_PRIVATE_SOURCE_URLS: 'true' }, { withWorkers: true })
  fake.reset({ answer: fakeAnswer })
  const port = await freePort()
  server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' })
  ;({ browser: owner } = await t.signUpVerified())
  await t.startTrial(owner)
  fileId = await importCsv(owner, 'leads.csv', leads)
  autoFileId = await importCsv(owner, 'inbound.csv', leads)
  const token = (await (await owner.api['api-tokens'].$post({ json: { name: 'mcp', scope: 'read_write' } })).json()).token
  client = new Client({ name: 'rowcraft-test', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }))
  const auto = await ok('create_ai_column', { fileId: autoFileId, name: 'Segment', prompt: 'Which segment is {Company}?', run: 'none', runOnNewRows: true })
  autoColumnId = auto.columnId as string
  await quiet()

  for (const tool of order) {
    const scenario = SCENARIOS[tool.name]
    if (!scenario) continue
    const before = { credits: await creditsOf(), calls: fake.calls.length, sourceCalls: source.requests.length, data: await fingerprint() }
    const answer = await ok(tool.name, scenario.args())
    await scenario.settle?.(answer)
    const after = { credits: await creditsOf(), calls: fake.calls.length, sourceCalls: source.requests.length, data: await fingerprint() }
    const wrote = Object.keys(after.data).filter((name) => after.data[name] !== before.data[name])
    observed.set(tool.name, { spent: before.credits - after.credits, modelCalls: after.calls - before.calls, sourceCalls: after.sourceCalls - before.sourceCalls, wrote })
    if (wrote.length > 0) await quiet()
  }
}, 240_000)

afterAll(async () => {
  await client?.close()
  await new Promise((resolve) => server?.close(resolve))
  await t?.close()
  await fake?.stop()
  await source?.stop()
})

describe("each MCP tool's description and annotations against what it did", () => {
  it('calls every tool once', () => {
    expect(Object.keys(SCENARIOS).sort()).toEqual(MCP_TOOLS.map((tool) => tool.name).sort())
    expect([...observed.keys()].sort()).toEqual(MCP_TOOLS.map((tool) => tool.name).sort())
  })

  it.each(MCP_TOOLS.map((tool) => [tool.name, tool] as const))('%s says what it costs and what it calls', (name, tool) => {
    const did = observed.get(name)!
    const claimsFree = FREE.test(tool.description)
    const claimsCost = COSTS.test(tool.description)
    // Exactly one claim about money.
    expect(claimsFree !== claimsCost, `one claim about cost in: ${tool.description}`).toBe(true)
    if (claimsFree) expect({ spent: did.spent, modelCalls: did.modelCalls }).toEqual({ spent: 0, modelCalls: 0 })
    if (claimsCost) {
      expect(did.spent).toBeGreaterThan(0)
      expect(did.modelCalls).toBeGreaterThan(0)
    }
    // A tool that spent or called the model says so.
    if (did.spent > 0) expect(tool.description).toMatch(COSTS)
    if (did.modelCalls > 0) expect(tool.description).toMatch(CALLS_MODEL)
  })

  it.each(MCP_TOOLS.map((tool) => [tool.name, tool] as const))('%s is marked read-only exactly when it writes nothing, open-world when it calls the model or an address the user gave', (name, tool) => {
    const did = observed.get(name)!
    if (tool.annotations.readOnlyHint) expect(did.wrote).toEqual([])
    else expect(did.wrote.length).toBeGreaterThan(0)
    expect(tool.annotations.openWorldHint === true, `openWorldHint of ${name}`).toBe(did.modelCalls > 0 || did.sourceCalls > 0)
    // A tool that sends the user's requests says so.
    if (did.sourceCalls > 0) expect(tool.description).toMatch(/sends? (one|a) request/)
  })

  it("add_rows says what its cost hangs on: the file's columns that run on new rows", async () => {
    const addRows = MCP_TOOLS.find((tool) => tool.name === 'add_rows')!
    expect(addRows.description).toContain("'Run on new rows'")
    // On a file with no such column the same call spends nothing and calls no model.
    const before = { credits: await creditsOf(), calls: fake.calls.length }
    await ok('add_rows', { fileId, rows: [{ Name: 'Plain', Company: 'Firm 92', Country: 'Italy' }] })
    expect(await creditsOf()).toBe(before.credits)
    expect(fake.calls.length).toBe(before.calls)
  })
})
