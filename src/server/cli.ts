import { copyFile, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { bootstrap } from '#server/bootstrap'
import { db } from '#server/db/client'
import { user } from '#server/db/schema/index'
import { loadEnv } from '#server/env'
import { createLogger } from '#server/platform/logger'
import { incomingDir } from '#server/platform/storage'
import { sniffFile } from '#server/modules/uploads/lib/read-csv'
import { inspectWorkbook } from '#server/modules/uploads/lib/read-xlsx'
import { importUpload } from '#server/modules/uploads/import-upload'
import { confirmHeaders, createUpload, fileKindOf, getUploadDetail } from '#server/modules/uploads/uploads.service'

const usage = `Usage:
  npm run cli -- detect <file> [--sheet <name>]
      Prints what the importer sniffs: encoding, delimiter, header row, confidence, reasons.
  npm run cli -- import <file> --user <email> [--header-row <n> | --no-header] [--sheet <name>]
      Imports a file for a user, as an upload through the app would. Rows are 1-based for
      --header-row. With PGlite, stop the server first (one process owns ./data).`

function option(args: string[], name: string) {
  const index = args.indexOf(name)
  return index >= 0 ? args[index + 1] : undefined
}

async function detect(file: string, args: string[]) {
  const kind = fileKindOf(file)
  if (kind === 'xlsx') {
    const workbook = await inspectWorkbook(file, option(args, '--sheet'))
    const { sheets, sheet, hasHeader, headerRow, confidence, reasons } = workbook
    return { file, kind, sheets, sheet, encoding: 'xlsx', delimiter: null, hasHeader, headerRow, confidence, reasons }
  }
  const sniff = await sniffFile(file)
  if (sniff.fatalError) return { file, error: sniff.fatalError }
  return {
    file,
    kind: 'csv',
    encoding: sniff.encoding,
    delimiter: sniff.singleColumn ? null : sniff.delimiter,
    quoteChar: sniff.quoteChar,
    newline: JSON.stringify(sniff.newline).slice(1, -1),
    hasHeader: sniff.hasHeader,
    headerRow: sniff.headerRow,
    confidence: sniff.confidence,
    reasons: sniff.reasons,
    width: sniff.width,
    preview: sniff.preview.slice(0, 5),
  }
}

async function importFile(file: string, args: string[]) {
  const email = option(args, '--user')
  if (!email) throw new Error('import needs --user <email>')
  const env = loadEnv()
  const runtime = await bootstrap(env, { logger: createLogger({ level: 'warn', pretty: false }) })
  try {
    const [owner] = await db.select().from(user).where(eq(user.email, email.toLowerCase()))
    if (!owner) throw new Error(`No user with the e-mail ${email}. Sign up in the app first.`)
    const staged = join(incomingDir(), `${randomUUID()}.part`)
    await copyFile(file, staged)
    const { size } = await stat(staged)
    const received = { path: staged, filename: basename(file), mimeType: '', sizeBytes: size, fields: {} }
    // No job: this process has no workers, and runs the import itself below.
    const response = await createUpload({ userId: owner.id, file: received, sheet: option(args, '--sheet'), queueImport: false })
    const headerRow = option(args, '--header-row')
    if (response.needs_header_confirmation || headerRow || args.includes('--no-header')) {
      const hasHeaders = !args.includes('--no-header') && (headerRow !== undefined || response.preview_data.confidence >= 0.5)
      const index = headerRow ? Number(headerRow) - 1 : response.preview_data.detectedHeaderRow
      await confirmHeaders({ userId: owner.id, uploadId: response.upload_id, hasHeaders, headerRowIndex: index, queueImport: false })
    }
    const started = performance.now()
    // Its duplicate labels are written with the rows (issue 42).
    await importUpload({ uploadId: response.upload_id, labelsNow: true })
    const detail = await getUploadDetail({ userId: owner.id, uploadId: response.upload_id })
    return {
      uploadId: detail.id,
      status: detail.status,
      error: detail.errorMessage,
      totalRows: detail.totalRows,
      validRows: detail.validRows,
      skippedRows: detail.skippedRows,
      dataCompletenessScore: detail.dataCompletenessScore,
      columns: detail.columns.map((c) => c.name),
      seconds: Math.round(performance.now() - started) / 1000,
      url: `${env.PUBLIC_URL}/dashboard/${detail.id}`,
    }
  } finally {
    await runtime.close()
  }
}

async function main() {
  const [command, file, ...rest] = process.argv.slice(2)
  if (!command || !file || !['detect', 'import'].includes(command)) {
    console.error(usage)
    process.exit(2)
  }
  const result = command === 'detect' ? await detect(file, rest) : await importFile(file, rest)
  console.log(JSON.stringify(result, null, 2))
  if ('error' in result && result.error) process.exit(1)
}

main().catch((error: Error) => {
  console.error(error.message)
  process.exit(1)
})
