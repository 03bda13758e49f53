import { afterAll, beforeAll, expect, it } from 'vitest'
import type { AiField } from '#common/schemas/enrichment'
import { startFakeAiServer, type FakeAiServer } from '#server/test/fake-ai-server'
import { createTestApp, type TestApp } from '#server/test/test-app'
import { csvOf } from '#server/test/upload-helpers'
import { until } from '#server/test/until'

let t: TestApp
let fake: FakeAiServer
beforeAll(async () => {
  fake = await startFakeAiServer()
  t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model' }, { withWorkers: true })
  fake.reset({ answer: () => ({ reasoning: 'From the row', confidence: 0.9, value: 'Software' }) })
}, 180_000)
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})


it("runs the README's walk-through with a token alone: upload, AI column, run, wait, CSV", async () => {
  const { browser } = await t.signUpVerified()
  await t.startTrial(browser)
  const { token } = await (await browser.api['api-tokens'].$post({ json: { name: 'walk-through', scope: 'read_write' } })).json()
  const script = t.bearer(token)

  const form = new FormData()
  form.set('file', new File([csvOf(['Name', 'Company'], [['Ada', 'Acme'], ['Grace', 'Globex'], ['Alan', 'Initech']])], 'leads.csv', { type: 'text/csv' }))
  const uploaded = await script.request('/api/uploads', { method: 'POST', body: form })
  expect(uploaded.status).toBe(201)
  const { upload_id: upload } = (await uploaded.json()) as { upload_id: string }
  await until(
    'the import',
    async () => ((await (await script.request(`/api/uploads/${upload}/progress`)).json()) as { status: string }).status,
    (status) => status === 'completed',
  )

  const created = await script.post(`/api/uploads/${upload}/ai-fields`, { name: 'Industry', prompt: 'Which industry is {Company} in? One or two words.' })
  expect(created.status).toBe(201)
  const field = (await created.json()) as AiField

  const started = await script.post(`/api/uploads/${upload}/ai-fields/${field.id}/runs`, { scope: 'all' })
  expect(started.status).toBe(202)
  expect(await started.json()).toMatchObject({ started: true, total_rows: 3 })

  const done = await until(
    'the run to fill every row',
    async () => (await (await script.request(`/api/uploads/${upload}/ai-fields/${field.id}`)).json()) as AiField,
    (current) => current.status !== 'processing' && current.counts.done === 3,
  )
  expect(done.counts).toMatchObject({ done: 3, error: 0, no_credits: 0 })

  const csv = await script.post(`/api/uploads/${upload}/exports`, { format: 'csv', scope: 'all' })
  expect(csv.status).toBe(200)
  expect(csv.headers.get('content-type')).toContain('text/csv')
  const lines = (await csv.text()).trim().split(/\r?\n/)
  expect(lines[0]).toBe('Name,Company,Industry')
  expect(lines.slice(1)).toEqual(['Ada,Acme,Software', 'Grace,Globex,Software', 'Alan,Initech,Software'])
})
