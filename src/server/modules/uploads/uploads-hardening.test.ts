import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UploadDetail, UploadProgress, UploadResponse } from '#common/schemas/uploads'
import { createTestApp, type TestApp, type TestBrowser } from '#server/test/test-app'

let t: TestApp
let alice: TestBrowser

beforeAll(async () => {
  t = await createTestApp({ MAX_UPLOAD_MB: '1' }, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
})
afterAll(async () => {
  await t?.close()
})

function upload(browser: TestBrowser, name: string, content: string | Uint8Array, type = 'text/csv') {
  const form = new FormData()
  form.set('file', new File([content as BlobPart], name, { type }))
  return browser.request('/api/uploads', { method: 'POST', body: form })
}

async function uploadOk(browser: TestBrowser, name: string, content: string | Uint8Array) {
  const res = await upload(browser, name, content)
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as UploadResponse
}

async function waitUntilDone(browser: TestBrowser, id: string): Promise<UploadProgress> {
  const until = Date.now() + 30_000
  for (;;) {
    const progress = (await (await browser.request(`/api/uploads/${id}/progress`)).json()) as UploadProgress
    if (progress.status === 'completed' || progress.status === 'failed') return progress
    if (Date.now() > until) throw new Error(`upload ${id} still ${progress.status}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function detail(browser: TestBrowser, id: string) {
  return (await (await browser.request(`/api/uploads/${id}`)).json()) as UploadDetail
}

describe('skipped-rows.csv', () => {
  it('escapes formulas in the header and in skipped values, as the exports do', async () => {
    const ragged = [
      'Name,Email,+Note',
      'Ann,ann@x.example,Oslo',
      'Cy,=SKIPPED(1),+evil,EXTRA',
      'Di,di@x.example,Lima',
      'Ed,ed@x.example,Rome',
    ].join('\n')
    const res = await uploadOk(alice, 'formulas.csv', ragged)
    if (res.needs_header_confirmation) {
      await alice.post(`/api/uploads/${res.upload_id}/confirm-headers`, { hasHeaders: true, headerRowIndex: 0 })
    }
    expect(await waitUntilDone(alice, res.upload_id)).toMatchObject({ status: 'completed', skipped_rows: 1 })
    const skipped = await alice.request(`/api/uploads/${res.upload_id}/skipped-rows.csv`)
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await skipped.arrayBuffer())
    expect(text).toBe(`\uFEFFLine,Name,Email,'+Note\r\n3,Cy,'=SKIPPED(1),'+evil,EXTRA\r\n`)
  })
})

describe('file names', () => {
  it('keeps a non-ASCII file name as sent and downloads skipped rows under it', async () => {
    const res = await uploadOk(alice, 'café 東京.csv', 'Name,Email\nAnn,ann@x.example\nBo,bo@x.example,EXTRA\n')
    expect(res.preview_data.filename).toBe('café 東京.csv')
    expect(await waitUntilDone(alice, res.upload_id)).toMatchObject({ status: 'completed', skipped_rows: 1 })
    expect((await detail(alice, res.upload_id)).filename).toBe('café 東京.csv')

    const skipped = await alice.request(`/api/uploads/${res.upload_id}/skipped-rows.csv`)
    expect(skipped.status).toBe(200)
    const disposition = skipped.headers.get('content-disposition')!
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/)
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('skipped_café 東京.csv')}`)

    // A file renamed to CJK characters downloads too (the header once held raw UTF-8 and failed).
    expect((await alice.request(`/api/uploads/${res.upload_id}`, { method: 'PATCH', json: { filename: '見込み客.csv' } })).status).toBe(200)
    const renamed = await alice.request(`/api/uploads/${res.upload_id}/skipped-rows.csv`)
    expect(renamed.status).toBe(200)
    expect(renamed.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('skipped_見込み客.csv')}`)
  })
})
