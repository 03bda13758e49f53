import { uploadDetailSchema, uploadProgressSchema, uploadResponseSchema } from '#common/schemas/uploads'
import { readJson } from './contract.ts'
import type { TestBrowser } from './test-app.ts'
import { until } from './until.ts'

/**
 * Posts a form to the real upload endpoint, as the browser does. The route reads the multipart
 * stream itself (no validator), so the form goes in as the request body.
 */
export function postUploadForm(browser: TestBrowser, form: FormData) {
  return browser.api.uploads.$post(undefined, { init: { body: form } })
}

/** Posts a file to the real upload endpoint, as the browser's form does; the raw response. */
export function postUpload(browser: TestBrowser, name: string, content: string | Uint8Array, type = 'text/csv') {
  const form = new FormData()
  form.set('file', new File([content as BlobPart], name, { type }))
  return postUploadForm(browser, form)
}

/** Posts a file that must be accepted (201); the upload response. */
export async function uploadOk(browser: TestBrowser, name: string, content: string | Uint8Array) {
  const res = await postUpload(browser, name, content)
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`)
  return readJson(res, uploadResponseSchema)
}

/** Polls the upload's progress until its import has completed or failed. */
export async function waitUntilDone(browser: TestBrowser, id: string, timeoutMs = 30_000) {
  return until(
    `the import of upload ${id} to end`,
    async () => readJson(await browser.api.uploads[':id'].progress.$get({ param: { id } }), uploadProgressSchema),
    (progress) => progress.status === 'completed' || progress.status === 'failed',
    { timeoutMs, everyMs: 50 },
  )
}

export async function getUploadDetail(browser: TestBrowser, id: string) {
  return readJson(await browser.api.uploads[':id'].$get({ param: { id } }), uploadDetailSchema)
}

/** Uploads a CSV through the real endpoint and waits for its import to finish. */
export async function importCsv(browser: TestBrowser, name: string, content: string): Promise<string> {
  const { upload_id: id } = await uploadOk(browser, name, content)
  const progress = await waitUntilDone(browser, id)
  if (progress.status === 'failed') throw new Error(`import failed: ${progress.error_message}`)
  return id
}

/** A CSV text from a header and rows, quoting what needs it. */
export function csvOf(header: string[], rows: string[][]): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\n')
}
