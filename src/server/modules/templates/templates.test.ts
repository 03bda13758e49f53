import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEMPLATE_MESSAGES } from '#common/messages'
import type { AiFieldTemplate, TemplateInput } from '#common/schemas/templates'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { aiFieldTemplateSchema, templateListSchema } from '#common/schemas/templates'
import { readJson } from '#server/test/contract'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const leadScore = {
  name: 'Lead score',
  field_name: 'Score',
  prompt_template: 'Rate {Company} from 1 to 10 for fit.',
  enable_advanced_search: true,
  description: 'How well a lead fits',
}

async function create(browser: TestBrowser, json: TemplateInput) {
  const res = await browser.api.templates.$post({ json })
  expect(res.status).toBe(201)
  return readJson(res, aiFieldTemplateSchema)
}

async function list(browser: TestBrowser, query: { limit?: string } = {}) {
  const res = await browser.api.templates.$get({ query })
  expect(res.status).toBe(200)
  return readJson(res, templateListSchema)
}

describe('AI field templates', () => {
  it('creates a template with trimmed fields and an empty description stored as none', async () => {
    const { browser } = await t.signUpVerified()
    const created = await create(browser, { ...leadScore, name: '  Lead score  ', description: '   ' })
    expect(created).toMatchObject({
      name: 'Lead score',
      field_name: 'Score',
      prompt_template: leadScore.prompt_template,
      enable_advanced_search: true,
      description: null,
      used_in: [],
      used_in_count: 0,
    })
    expect((await list(browser)).data.map((x) => x.id)).toEqual([created.id])
  })

  it('refuses a template whose name, field name or prompt is blank, and stores nothing', async () => {
    const { browser } = await t.signUpVerified()
    for (const blank of [{ name: '   ' }, { field_name: '' }, { prompt_template: ' \n ' }]) {
      const res = await browser.post('/api/templates', { ...leadScore, ...blank })
      expect(res.status).toBe(422)
      const error = await errorOf(res)
      expect(error.code).toBe('VALIDATION_FAILED')
      expect(error.message).toContain('Please fill in all required fields.')
    }
    expect((await list(browser)).count).toBe(0)
  })

  it('lists newest-updated first, honours a limit, and moves an edited template to the top', async () => {
    const { browser } = await t.signUpVerified()
    const made: AiFieldTemplate[] = []
    for (let i = 0; i < 12; i += 1) made.push(await create(browser, { ...leadScore, name: `Template ${i}` }))
    const all = await list(browser)
    expect(all.count).toBe(12)
    expect(all.data.map((x) => x.name)).toEqual(made.map((x) => x.name).reverse())

    const latest = await list(browser, { limit: '10' })
    expect(latest.data).toHaveLength(10)
    expect(latest.data[0]!.name).toBe('Template 11')

    const res = await browser.api.templates[':id'].$put({
      param: { id: made[0]!.id },
      json: { ...leadScore, name: 'Renamed', enable_advanced_search: false, description: '' },
    })
    expect(res.status).toBe(200)
    expect(await readJson(res, aiFieldTemplateSchema)).toMatchObject({ name: 'Renamed', enable_advanced_search: false, description: null })
    expect((await list(browser, { limit: '1' })).data[0]!.name).toBe('Renamed')
  })

  it('refuses an edit that blanks a required field and keeps the template as it was', async () => {
    const { browser } = await t.signUpVerified()
    const created = await create(browser, leadScore)
    const res = await browser.request(`/api/templates/${created.id}`, { method: 'PUT', json: { ...leadScore, prompt_template: '' } })
    expect(res.status).toBe(422)
    expect((await list(browser)).data[0]).toMatchObject({ prompt_template: leadScore.prompt_template, updated_at: created.updated_at })
  })

  it('deletes a template', async () => {
    const { browser } = await t.signUpVerified()
    const created = await create(browser, leadScore)
    const res = await browser.request(`/api/templates/${created.id}`, { method: 'DELETE' })
    expect(res.status).toBe(200)
    expect((await list(browser)).count).toBe(0)
    expect((await browser.request(`/api/templates/${created.id}`, { method: 'DELETE' })).status).toBe(404)
  })

  it("keeps another user's templates invisible and unchangeable by id", async () => {
    const { browser: owner } = await t.signUpVerified()
    const { browser: other } = await t.signUpVerified()
    const created = await create(owner, leadScore)

    expect((await list(other)).count).toBe(0)
    const edit = await other.request(`/api/templates/${created.id}`, { method: 'PUT', json: { ...leadScore, name: 'Stolen' } })
    expect(edit.status).toBe(404)
    expect((await other.request(`/api/templates/${created.id}`, { method: 'DELETE' })).status).toBe(404)
    expect((await list(owner)).data).toEqual([expect.objectContaining({ id: created.id, name: 'Lead score' })])
  })

  it('asks for a sign-in and answers a malformed id with the 404 of a template not found', async () => {
    expect((await t.browser().request('/api/templates')).status).toBe(401)
    const { browser } = await t.signUpVerified()
    for (const res of [
      await browser.request('/api/templates/not-a-uuid', { method: 'DELETE' }),
      await browser.request('/api/templates/not-a-uuid', { method: 'PUT', json: leadScore }),
    ]) {
      expect(res.status).toBe(404)
      expect(await errorOf(res)).toEqual({ code: 'NOT_FOUND', message: TEMPLATE_MESSAGES.notFound })
    }
  })
})
