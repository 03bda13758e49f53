import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEARCH } from '#common/constants'
import { startFakeAiServer, type FakeAiServer } from '#server/test/fake-ai-server'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { findRowCandidates } from '#server/modules/row-storage/search-sql'
import { candidatesPerFile, CANDIDATES_IN_ALL } from './search.service.ts'
import { searchResultSchema } from '#common/schemas/search'
import { readJson } from '#server/test/contract'

let t: TestApp
let fake: FakeAiServer
let alice: TestBrowser
let bob: TestBrowser
let leadsId: string
let notesId: string

const longNote = `${'Met at the trade fair in spring and talked about logistics at length. '.repeat(3)}Ask about Zephyrine pricing next quarter. ${'Follow up by e-mail. '.repeat(4)}`

/** Rows that match none of the searches, so a small file still reads as having a header. */
const fillers = (n: number) => Array.from({ length: n }, (_, i) => [`Filler ${i}`, `filler${i}@example.com`, `Plain remark ${i}`])

beforeAll(async () => {
  fake = await startFakeAiServer()
  t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model' }, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
  leadsId = await importCsv(
    alice,
    'leads.csv',
    csvOf(
      ['Name', 'Company', 'City', 'Notes'],
      [
        ['Ada Byron', 'The Acme Group', 'London', 'Likes tea'],
        ['Bo Chen', 'Acme Corporation International Ltd', 'Paris', ''],
        ['Cy Diaz', 'Acme', 'Oslo', 'Prefers calls after five'],
        ['Di Egan', 'Megacme', 'Rome', 'acmes are mentioned nowhere'],
        ['Ed Finch', 'Globex', 'Lagos', longNote],
        // More rows with the term than a file's candidates.
        ...Array.from({ length: CANDIDATES_IN_ALL + 10 }, (_, i) => [`Person ${i}`, `Filler ${i}`, 'Quito', `quokka note ${i}`]),
      ],
    ),
  )
  notesId = await importCsv(alice, 'notes.csv', csvOf(['Name', 'Email', 'Remark'], [['Fay', 'fay@example.com', 'acme buyer'], ['Gus', 'gus@example.com', 'Nothing here'], ...fillers(6)]))
  await importCsv(bob, 'bob.csv', csvOf(['Name', 'Email', 'Company'], [['Hal', 'hal@example.com', 'Acme Bob Edition'], ['Ivy', 'ivy@example.com', 'Bobsled Ltd'], ...fillers(6)]))
}, 180_000)
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})

async function search(q: string, browser = alice) {
  const res = await browser.api.search.$get({ query: { q } })
  expect(res.status, await res.clone().text()).toBe(200)
  return readJson(res, searchResultSchema)
}

describe('GET /api/search', () => {
  it('ranks values that start with the term first, then shorter values, across files', async () => {
    const { hits } = await search('acme')
    expect(hits.map((hit) => hit.field.value)).toEqual(['Acme', 'acme buyer', 'acmes are mentioned nowhere', 'Acme Corporation International Ltd', 'The Acme Group'])
    expect(hits.map((hit) => hit.isPrefix)).toEqual([true, true, true, true, false])
    expect(hits[0]).toMatchObject({ uploadId: leadsId, fileName: 'leads.csv', rowIndex: 2, field: { name: 'Company' }, matchAt: 0 })
    expect(hits[1]).toMatchObject({ uploadId: notesId, fileName: 'notes.csv', rowIndex: 0, field: { name: 'Remark' } })
    expect(hits[4]!.matchAt).toBe(4)
  })

  it('needs a word of the value to start with the term', async () => {
    const { hits } = await search('cme')
    expect(hits).toEqual([])
    expect((await search('acmes')).hits.map((hit) => hit.field.value)).toEqual(['acmes are mentioned nowhere'])
  })

  it('ignores case and the spaces around the term, and reads a term of one or two characters', async () => {
    expect((await search('  ACME  ')).hits).toHaveLength(5)
    expect((await search('Gl')).hits.map((hit) => hit.field.value)).toEqual(['Globex'])
    expect((await search('q')).hits.every((hit) => /(^|\s)q/i.test(hit.field.value))).toBe(true)
  })

  it('shows two other values of the row as context, each cut at 30 characters', async () => {
    const [hit] = (await search('cy')).hits
    expect(hit!.field).toMatchObject({ name: 'Name', value: 'Cy Diaz' })
    expect(hit!.context).toEqual([
      { key: expect.any(String), name: 'Company', value: 'Acme' },
      { key: expect.any(String), name: 'City', value: 'Oslo' },
    ])
    const [paris] = (await search('paris')).hits
    expect(paris!.context.map((field) => field.value)).toEqual(['Bo Chen', 'Acme Corporation Internationa…'])
    expect(paris!.context[1]!.value).toHaveLength(SEARCH.contextChars)
    // An empty value is passed over: the row's next one is shown instead.
    const [bo] = (await search('bo chen')).hits
    expect(bo!.context.map((field) => field.name)).toEqual(['Company', 'City'])
  })

  it('cuts the matched value at 100 characters around the match', async () => {
    const [hit] = (await search('zephyrine')).hits
    expect(hit!.field.name).toBe('Notes')
    expect(hit!.field.value).toHaveLength(SEARCH.valueChars)
    expect(hit!.field.value.slice(hit!.matchAt, hit!.matchAt + 9)).toBe('Zephyrine')
    expect(hit!.field.value.startsWith('…')).toBe(true)
  })

  it('shares the candidates it reads among the files, never fewer a file than it answers', () => {
    expect(candidatesPerFile(1)).toBe(CANDIDATES_IN_ALL)
    expect(candidatesPerFile(3)).toBe(Math.ceil(CANDIDATES_IN_ALL / 3))
    expect(candidatesPerFile(10)).toBe(SEARCH.maxResults)
    expect(candidatesPerFile(500)).toBe(SEARCH.maxResults)
  })

  it(`answers at most ${SEARCH.maxResults} hits, from a file with more candidates than it reads`, async () => {
    const { hits } = await search('quokka')
    expect(hits).toHaveLength(SEARCH.maxResults)
    expect(hits.map((hit) => hit.rowIndex)).toEqual([5, 6, 7, 8, 9, 10, 11, 12])
  })

  it('answers nothing for a term that is empty after trimming', async () => {
    expect(await search('   ')).toEqual({ term: '', hits: [] })
    expect(await search('')).toEqual({ term: '', hits: [] })
  })

  it("never shows another user's rows", async () => {
    expect((await search('bob')).hits).toEqual([])
    expect((await search('bobsled')).hits).toEqual([])
    const bobs = await search('acme', bob)
    expect(bobs.hits.map((hit) => hit.field.value)).toEqual(['Acme Bob Edition'])
  })

  it('treats a term with pattern characters literally', async () => {
    expect((await search('acme.')).hits).toEqual([])
    expect((await search('(acme')).hits).toEqual([])
    expect((await search('%')).hits).toEqual([])
  })

  it('finds values of an AI column', async () => {
    fake.reset({ answer: () => ({ reasoning: 'From the row', confidence: 0.9, value: 'Xylophonic supplier' }) })
    await t.startTrial(alice)
    const created = await alice.api.uploads[':id']['ai-fields'].$post({ param: { id: notesId }, json: { name: 'Segment', prompt: 'Classify {Name}' } })
    expect(created.status).toBe(201)
    const field = await created.json()
    const run = await alice.api.uploads[':id']['ai-fields'][':fieldId'].runs.$post({ param: { id: notesId, fieldId: field.id }, json: { scope: 'all' } })
    expect(run.status).toBe(202)
    await until(
      'the AI field to complete',
      async () => (await alice.api.uploads[':id']['ai-fields'][':fieldId'].$get({ param: { id: notesId, fieldId: field.id } })).json(),
      (state) => state.status === 'completed',
    )
    const { hits } = await search('xylophonic')
    expect(hits.map((hit) => [hit.fileName, hit.rowIndex, hit.field.name])).toEqual([
      ...Array.from({ length: 8 }, (_, i) => ['notes.csv', i, 'Segment']),
    ])
  })

  it('refuses a signed-out caller and an overlong term', async () => {
    expect((await t.browser().api.search.$get({ query: { q: 'acme' } })).status).toBe(401)
    const res = await alice.api.search.$get({ query: { q: 'x'.repeat(SEARCH.termMaxLength + 1) } })
    expect(res.status).toBe(422)
    expect((await errorOf(res)).code).toBe('VALIDATION_FAILED')
  })

  it('reads the files still there when one is deleted between listing and reading', async () => {
    // A file deleted after the search listed the user's files: its rows are gone with its table.
    const deletedMeanwhile = '00000000-0000-4000-8000-000000000000'
    const rows = await findRowCandidates({ uploadIds: [deletedMeanwhile, leadsId, notesId], term: 'acme', perUpload: candidatesPerFile(3) })
    expect(new Set(rows.map((row) => row.uploadId))).toEqual(new Set([leadsId, notesId]))
    expect(rows.find((row) => row.uploadId === notesId)?.values).toMatchObject({ c1: 'Fay' })
  })
})
