import type { UploadProgress, UploadResponse } from '#common/schemas/uploads'
import type { TestBrowser } from './test-app.ts'

/** Uploads a CSV through the real endpoint and waits for its import to finish. */
export async function importCsv(browser: TestBrowser, name: string, content: string): Promise<string> {
  const form = new FormData()
  form.set('file', new File([content], name, { type: 'text/csv' }))
  const res = await browser.request('/api/uploads', { method: 'POST', body: form })
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`)
  const { upload_id: id } = (await res.json()) as UploadResponse
  const until = Date.now() + 30_000
  for (;;) {
    const progress = (await (await browser.request(`/api/uploads/${id}/progress`)).json()) as UploadProgress
    if (progress.status === 'completed') return id
    if (progress.status === 'failed') throw new Error(`import failed: ${progress.error_message}`)
    if (Date.now() > until) throw new Error(`upload ${id} still ${progress.status}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A CSV text from a header and rows, quoting what needs it. */
export function csvOf(header: string[], rows: string[][]): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\n')
}
