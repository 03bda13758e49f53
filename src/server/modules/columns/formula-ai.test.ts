import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluateFormulaText } from '#common/formula/evaluate'
import { parseFormula } from '#common/formula/parse'
import { aiFieldSchema, aiRunStartedSchema } from '#common/schemas/enrichment'
import { rowsPageSchema } from '#common/schemas/rows'
import { uploadColumnSchema } from '#common/schemas/uploads'
import { readJson } from '#server/test/contract'
import { startFakeAiServer, type FakeAiServer } from '#server/test/fake-ai-server'
import { createTestApp, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'

/** Issue 32: a formula over an AI column follows the answers an AI run writes into the rows. */

let t: TestApp
let fake: FakeAiServer
let alice: TestBrowser

beforeAll(async () => {
  fake = await startFakeAiServer()
  t = await createTestApp(
    { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model', ALLOW_PRIVATE_AI_URLS: 'true' },
    { withWorkers: true },
  )
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  fake.reset({
    answer: ({ messages }) => {
      const row = messages.find((m) => m.role === 'user')?.content ?? ''
      const company = row.includes('{') ? ((JSON.parse(row.slice(row.indexOf('{'))) as Record<string, string>).Company ?? '?') : '?'
      return { reasoning: 'From the row', confidence: 0.9, value: `about ${company}` }
    },
  })
}, 180_000)
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})

describe('a formula over an AI column', () => {
  it('is computed again for the rows an AI run answers', async () => {
    const id = await importCsv(alice, 'firms.csv', csvOf(['Name', 'Company'], Array.from({ length: 12 }, (_, i) => [`Person ${i}`, `Firm ${i}`])))
    const created = await alice.api.uploads[':id']['ai-fields'].$post({ param: { id }, json: { name: 'Blurb', prompt: 'Write about {Company}' } })
    expect(created.status).toBe(201)
    const field = await readJson(created, aiFieldSchema)
    const formula = 'UPPER({Blurb}) & " #" & ROW()'
    const added = await alice.api.uploads[':id'].columns.$post({ param: { id }, json: { name: 'Shout', formula } })
    expect(added.status).toBe(201)
    const shout = await readJson(added, uploadColumnSchema)

    const started = await alice.api.uploads[':id']['ai-fields'][':fieldId'].runs.$post({ param: { id, fieldId: field.id }, json: { scope: 'all' } })
    expect(started.status).toBe(202)
    await readJson(started, aiRunStartedSchema)
    await until(
      'the run to complete',
      async () => readJson(await alice.api.uploads[':id']['ai-fields'][':fieldId'].$get({ param: { id, fieldId: field.id } }), aiFieldSchema),
      (f) => f.status === 'completed',
    )

    const columns = (await getUploadDetail(alice, id)).columns.filter((column) => column.kind !== 'formula')
    const parsed = parseFormula(formula, columns)
    if (!parsed.ok) throw new Error(parsed.error.message)
    const rows = (await readJson(await alice.api.uploads[':id'].rows.$get({ param: { id }, query: { perPage: '50' } }), rowsPageSchema)).data
    expect(rows).toHaveLength(12)
    const expected = rows.map((row) => evaluateFormulaText(parsed.ast, { cells: row.values, rowNumber: row.rowIndex + 1 }, { today: 0 }))
    expect(rows.map((row) => row.values[shout.key] ?? null)).toEqual(expected)
    expect(rows[3]?.values[shout.key]).toBe('ABOUT FIRM 3 #4')
  })
})
