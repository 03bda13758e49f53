import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_IMPORT_COLUMNS } from '#common/constants'
import { IMPORT_WARNINGS, UPLOAD_LIMIT_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { csvUploads } from '#server/db/schema/index'
import { createTestApp, type TestApp, type TestBrowser } from '#server/test/test-app'
import { getUploadDetail, postUpload, uploadOk, waitUntilDone } from '#server/test/upload-helpers'
import { uploadSummarySchema } from '#common/schemas/uploads'
import { readJson } from '#server/test/contract'

let t: TestApp
let alice: TestBrowser

beforeAll(async () => {
  t = await createTestApp({ MAX_UPLOAD_MB: '1' }, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
})
afterAll(async () => {
  await t?.close()
})


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
    expect((await getUploadDetail(alice, res.upload_id)).filename).toBe('café 東京.csv')

    const skipped = await alice.request(`/api/uploads/${res.upload_id}/skipped-rows.csv`)
    expect(skipped.status).toBe(200)
    const disposition = skipped.headers.get('content-disposition')!
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/)
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('skipped_café 東京.csv')}`)

    // A file renamed to CJK characters downloads too (the header once held raw UTF-8 and failed).
    const rename = await alice.request(`/api/uploads/${res.upload_id}`, { method: 'PATCH', json: { filename: '見込み客.csv' } })
    expect(rename.status).toBe(200)
    expect((await readJson(rename, uploadSummarySchema)).filename).toBe('見込み客.csv')
    const renamed = await alice.request(`/api/uploads/${res.upload_id}/skipped-rows.csv`)
    expect(renamed.status).toBe(200)
    expect(renamed.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('skipped_見込み客.csv')}`)
  })
})

async function workbookOf(rows: string[][]) {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Leads')
  for (const row of rows) sheet.addRow(row)
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

describe('an .xlsx that unpacks to far more than it weighs', () => {
  it('is refused in the request with the limit, before anything is stored', async () => {
    const { browser } = await t.signUpVerified()
    const userId = await t.userIdOf(browser)
    // About 7 MB of sheet XML in a file of about 0.6 MB; MAX_UPLOAD_MB is 1 here, so the limit is 5 MB.
    const bomb = await workbookOf([['Name', 'Email', 'Company'], ...Array.from({ length: 70_000 }, () => ['x', 'x', 'x'])])
    expect(bomb.length).toBeLessThan(1024 * 1024)

    const res = await postUpload(browser, 'bomb.xlsx', bomb)
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_LIMIT_MESSAGES.xlsxTooLargeUnpacked(5) } })
    expect(await db.select().from(csvUploads).where(eq(csvUploads.userId, userId))).toHaveLength(0)
    const userDir = join(t.dataDir, 'uploads', userId)
    expect(existsSync(userDir) ? readdirSync(userDir, { recursive: true }).filter((f) => String(f).includes('original')) : []).toEqual([])
  })

  it('still imports an ordinary workbook, reading only its preview in the request', async () => {
    const rows = [['Name', 'Email', 'Company'], ...Array.from({ length: 300 }, (_, i) => [`Lead ${i}`, `lead${i}@x.example`, `Co ${i}`])]
    const res = await uploadOk(alice, 'leads.xlsx', await workbookOf(rows))
    expect(res.preview_data.rows.length).toBeLessThanOrEqual(20)
    expect(res.preview_data.sheets).toEqual(['Leads'])
    expect(await waitUntilDone(alice, res.upload_id)).toMatchObject({ status: 'completed', valid_rows: 300 })
  })
})

describe('what a CSV import tells the user', () => {
  it('refuses a table wider than the limit with that reason, not as an empty file', async () => {
    const tooMany = { error: { code: 'VALIDATION_FAILED', message: UPLOAD_LIMIT_MESSAGES.tooManyColumns(MAX_IMPORT_COLUMNS) } }
    const row = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(',')
    // 20,000 columns: the header alone is longer than the sample the sniffer reads.
    const wide = [row('column', 20_000), row('v', 20_000)].join('\n')
    const res = await postUpload(alice, 'wide.csv', wide)
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual(tooMany)
    // 2,500 short columns fit in the sample and are refused by their count.
    const res2 = await postUpload(alice, 'wide2.csv', [row('c', 2500), row('', 2500)].join('\n'))
    expect(res2.status).toBe(422)
    expect(await res2.json()).toEqual(tooMany)
  })

  it('says when the file is not UTF-8 and when it stops being UTF-8 part way', async () => {
    const latin1 = Buffer.from('Name,City\nJosé,Zürich\nAnn,Oslo\n', 'latin1')
    const res = await uploadOk(alice, 'latin1.csv', latin1)
    await waitUntilDone(alice, res.upload_id)
    expect((await getUploadDetail(alice, res.upload_id)).qualityMetrics?.warnings).toEqual([IMPORT_WARNINGS.notUtf8('windows-1252')])

    const lines = ['Name,City']
    // Past the 64 KB the sniffer reads, so the start looks like UTF-8.
    for (let i = 0; i < 8000; i++) lines.push(`Lead ${i},Oslo`)
    const switched = Buffer.concat([Buffer.from(`${lines.join('\n')}\n`), Buffer.from('José,Zürich\n', 'latin1')])
    const res2 = await uploadOk(alice, 'switched.csv', switched)
    expect(await waitUntilDone(alice, res2.upload_id)).toMatchObject({ status: 'completed', valid_rows: 8001 })
    const warnings = (await getUploadDetail(alice, res2.upload_id)).qualityMetrics?.warnings ?? []
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^The file stopped being valid UTF-8 from about line \d+; the rest was read as windows-1252/)
  })

  it('reports a lone carriage return that merged two rows', async () => {
    const res = await uploadOk(alice, 'cr.csv', 'Name,Email,City\nAnn,ann@x.example,Oslo\nBo,bo@x.example,Rome\rCy,cy@x.example,Lima\nDi,di@x.example,Kyiv\n')
    await waitUntilDone(alice, res.upload_id)
    const info = await getUploadDetail(alice, res.upload_id)
    expect(info.qualityMetrics?.warnings).toEqual([IMPORT_WARNINGS.bareCarriageReturn(3)])
  })
})
