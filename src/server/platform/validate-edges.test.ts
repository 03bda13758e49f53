import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHAT_PLAN, INPUT_LIMITS } from '#common/constants'
import { REQUEST_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { creditTransactions, subscribers } from '#server/db/schema/index'
import { startFakeAiServer, type FakeAiServer } from '#server/test/fake-ai-server'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { PLAN_PROMPT_MARKER } from '#server/modules/chat/lib/chat-prompts'
import { csvOf, importCsv, postUpload, uploadOk, waitUntilDone } from '#server/test/upload-helpers'

/**
 * The edges of every route (issue 29, items 1-3): text PostgreSQL cannot store, nesting deep
 * enough to overflow a recursive validator, and a 422 that lists every problem of a large body.
 * Each answer is a 422 that names what is wrong, nothing is charged and nothing is stored.
 */

let t: TestApp
let fake: FakeAiServer
let alice: TestBrowser
let aliceId: string
let leadsId: string

const NUL = '\u0000'
const leaf = { column: 'Country', op: 'equals', value: 'Germany' }
/** A condition nested `depth` groups deep, as JSON text: JSON.stringify itself recurses and would overflow. */
const nested = (depth: number, group: 'all' | 'not') => {
  const [open, close] = group === 'all' ? ['{"all":[', ']}'] : ['{"not":', '}']
  return `${open.repeat(depth)}${JSON.stringify(leaf)}${close.repeat(depth)}`
}
const postJson = (path: string, body: string) => alice.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
const postPlan = (where: string) => postJson(`/api/uploads/${leadsId}/chat/plan`, `{"plan":{"where":${where}}}`)

async function balance() {
  const [row] = await db.select({ credits: subscribers.currentCredits }).from(subscribers).where(eq(subscribers.userId, aliceId))
  return row!.credits
}

async function expect422(res: Response, message: RegExp) {
  expect(res.status, await res.clone().text()).toBe(422)
  const error = await errorOf(res)
  expect(error.code).toBe('VALIDATION_FAILED')
  expect(error.message).toMatch(message)
  return error
}

beforeAll(async () => {
  fake = await startFakeAiServer()
  t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model' }, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  aliceId = await t.userIdOf(alice)
  leadsId = await importCsv(alice, 'leads.csv', csvOf(['Name', 'Country'], [['Ada', 'Germany'], ['Bo', 'Spain']]))
}, 180_000)
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})

describe('text PostgreSQL cannot store', () => {
  it('refuses a chat question with a NUL byte before anything is charged or asked', async () => {
    const before = await balance()
    const calls = fake.calls.length
    await expect422(await alice.post(`/api/uploads/${leadsId}/chat`, { query: `Germany?${NUL}` }), /^query contains a character that cannot be stored/)
    expect(await balance()).toBe(before)
    expect(fake.calls.length).toBe(calls)
    const ledger = await db.select().from(creditTransactions).where(eq(creditTransactions.userId, aliceId))
    expect(ledger.filter((row) => row.operation === 'chat_query')).toHaveLength(0)
  })

  it('names the field in a plan, a search term, a token, a template, a folder and a prompt', async () => {
    const planValue = { plan: { where: { column: 'Country', op: 'equals', value: `Ger${NUL}many` } } }
    await expect422(await alice.post(`/api/uploads/${leadsId}/chat/plan`, planValue), /^plan\.where\.value contains a character that cannot be stored/)
    await expect422(await alice.request('/api/search?q=%00'), /^q contains a character/)
    await expect422(await alice.post('/api/api-tokens', { name: `ci${NUL}` }), /^name contains a character/)
    await expect422(await alice.post('/api/templates', { name: `T${NUL}`, prompt: 'Say {Name}', outputType: { kind: 'text' } }), /^name contains a character/)
    await expect422(await alice.post('/api/folders', { name: `F${NUL}` }), /^name contains a character/)
    await expect422(
      await alice.post(`/api/uploads/${leadsId}/ai-fields`, { name: 'Greeting', prompt: `Hi {Name}${NUL}`, outputType: { kind: 'text' } }),
      /^prompt contains a character/,
    )
    // A lone half of a surrogate pair is refused as NUL is; a whole pair (an emoji) is text like any other.
    await expect422(await alice.post('/api/folders', { name: 'F\ud800' }), /^name contains a character/)
    expect((await alice.post('/api/folders', { name: 'Leads 😀' })).status).toBe(201)
  })

  it("refuses a NUL in Better Auth's own routes (sign-up, sign-in), which take no schema of ours", async () => {
    const browser = t.browser()
    const signUp = await browser.post('/api/auth/sign-up/email', { name: `Eve${NUL}`, email: 'eve@example.com', password: 'Correct-Horse9!', firstName: 'Eve', lastName: 'X' })
    await expect422(signUp, /^name contains a character/)
    const signIn = await browser.post('/api/auth/sign-in/email', { email: `eve${NUL}@example.com`, password: 'Correct-Horse9!' })
    await expect422(signIn, /^email contains a character/)
  })

  it('refuses a NUL in the AI filter and the filters of the grid URL, which carry JSON', async () => {
    const where = encodeURIComponent(JSON.stringify({ column: 'Country', op: 'equals', value: `a${NUL}` }))
    await expect422(await alice.request(`/api/uploads/${leadsId}/rows?where=${where}`), /^where: value contains a character/)
    const filters = encodeURIComponent(JSON.stringify([{ column: 'c1', operator: 'contains', value: `a${NUL}` }]))
    await expect422(await alice.request(`/api/uploads/${leadsId}/rows?filters=${filters}`), /^filters: 0\.value contains a character/)
  })

  it('imports a file whose header and cells hold NUL bytes, without them', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => `Person ${i},Germany`)
    rows[3] = `A${NUL}da,Germany`
    const uploaded = await uploadOk(alice, 'nul-cells.csv', `Na${NUL}me,Country\n${rows.join('\n')}\n`)
    const id = uploaded.upload_id
    // The damaged header makes the detector unsure: the header dialog's answer, as a user gives it.
    if (uploaded.needs_header_confirmation) {
      const confirmed = await alice.post(`/api/uploads/${id}/confirm-headers`, { hasHeaders: true, headerRowIndex: 0 })
      expect(confirmed.status, await confirmed.clone().text()).toBe(200)
    }
    expect((await waitUntilDone(alice, id)).status).toBe('completed')
    const columns = await (await alice.request(`/api/uploads/${id}/columns`)).json()
    expect(JSON.stringify(columns)).toContain('"Name"')
    const page = JSON.stringify(await (await alice.request(`/api/uploads/${id}/rows`)).json())
    expect(page).not.toContain('\\u0000')
    expect(page).toContain('"Ada"')
  })

  it('answers a file name with a NUL byte, which no form can carry, with a 400 that says so', async () => {
    const res = await postUpload(alice, `le${NUL}ads.csv`, 'Name,Country\nAda,Germany\n')
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toBe(REQUEST_MESSAGES.malformedForm)
  })
})

describe("a model's answer", () => {
  it('is kept without its NUL bytes, in a chat answer and a prompt test, and charged once', async () => {
    fake.reset({
      answer: (call) => {
        const system = call.messages.find((m) => m.role === 'system')?.content ?? ''
        if (system.startsWith(PLAN_PROMPT_MARKER)) return { kind: 'plan', plan: { where: leaf }, reasoning: `By${NUL} country`, confidence: 0.8 }
        if (call.lastUserText.includes('matching_rows')) return { summary: `One${NUL} lead matches.` }
        return { reasoning: `Hi${NUL}`, confidence: 0.9, value: `Hello${NUL} Ada` }
      },
    })
    try {
      const before = await balance()
      const asked = await alice.post(`/api/uploads/${leadsId}/chat`, { query: 'How many leads are in Germany?' })
      expect(asked.status, await asked.clone().text()).toBe(200)
      const { answer } = await asked.json()
      expect(answer.result.data.count).toBe(1)
      expect(JSON.stringify(answer)).not.toContain('\\u0000')
      expect(answer.result.data.reasoning).toBe('By country')
      expect(await balance()).toBe(before - 8)
      const tested = await alice.post(`/api/uploads/${leadsId}/ai-fields/test`, { prompt: 'Greet {Name}', rowIndex: 0 })
      expect(tested.status, await tested.clone().text()).toBe(200)
      expect((await tested.json()).value).toBe('Hello Ada')
    } finally {
      fake.reset({})
    }
  })
})

describe('nesting', () => {
  it('refuses plans nested past the limits with the limit in the message, on every route that takes one', async () => {
    await expect422(await postPlan(nested(1000, 'all')), new RegExp(`^plan\\.where\\.all\\.0\\.all.*… is nested more than ${INPUT_LIMITS.maxJsonDepth} levels`))
    await expect422(await postPlan(nested(5000, 'not')), new RegExp(`nested more than ${INPUT_LIMITS.maxJsonDepth} levels`))
    // Within the JSON limit, the plan's own: groups at most maxConditionDepth deep.
    await expect422(await postPlan(nested(CHAT_PLAN.maxConditionDepth + 1, 'not')), new RegExp(`at most ${CHAT_PLAN.maxConditionDepth} groups deep`))
    const ok = await postPlan(nested(CHAT_PLAN.maxConditionDepth, 'all'))
    expect(ok.status, await ok.clone().text()).toBe(200)
    expect((await ok.json()).count).toBe(1)
  })

  it('refuses more conditions than the limit in all', async () => {
    const many = { any: Array.from({ length: 11 }, () => ({ all: Array.from({ length: 50 }, () => leaf) })) }
    await expect422(await alice.post(`/api/uploads/${leadsId}/chat/plan`, { plan: { where: many } }), new RegExp(`at most ${CHAT_PLAN.maxConditionsInAll} conditions`))
  })

  it("refuses the grid's AI filter nested 1,300 deep and an export's view nested 300,000 deep", async () => {
    const where = encodeURIComponent(nested(1300, 'not'))
    await expect422(await alice.request(`/api/uploads/${leadsId}/rows?where=${where}`), /^where: not\.not.*… is nested more than/)
    const body = `{"format":"csv","scope":"view","view":{"where":${nested(300_000, 'not')}}}`
    expect(body.length).toBeGreaterThan(2_000_000)
    await expect422(await postJson(`/api/uploads/${leadsId}/exports`, body), /^view\.where\.not.*… is nested more than/)
  })
})

describe('the 422 of a large invalid body', () => {
  it('lists a bounded number of problems and says how many more there are', async () => {
    const bad = { any: Array.from({ length: 50 }, (_, i) => ({ all: Array.from({ length: 9 }, () => ({ column: `c${i}`, op: 'nearly', value: 'x' })) })) }
    const body = JSON.stringify({ plan: { where: bad } })
    expect(body.length).toBeGreaterThan(5_000)
    const res = await alice.request(`/api/uploads/${leadsId}/chat/plan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    const text = await res.clone().text()
    expect(text.length).toBeLessThan(20_000)
    const error = await expect422(res, /more problems not listed\)$/)
    expect(error.details).toHaveLength(INPUT_LIMITS.maxIssues)
  })
})
