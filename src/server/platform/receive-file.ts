import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import { storableText } from '#common/input-bounds'
import { REQUEST_MESSAGES } from '#common/messages'
import { AppError } from './app-error.ts'

export type ReceivedFile = {
  path: string
  filename: string
  mimeType: string
  sizeBytes: number
  fields: Record<string, string>
}

/**
 * Streams the one file of a multipart request to `dir`, never holding it in memory. A file over
 * `limitBytes` is cut off, deleted and refused with `tooLargeMessage`.
 */
export async function receiveFile(
  request: Request,
  options: { dir: string; field: string; limitBytes: number; tooLargeMessage: string },
): Promise<ReceivedFile> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!contentType.startsWith('multipart/form-data') || !request.body) {
    throw new AppError('BAD_REQUEST', 'Send the file as multipart/form-data in the field "file".')
  }
  const declared = Number(request.headers.get('content-length') ?? 0)
  // The multipart envelope adds a little; anything far beyond the limit is refused unread.
  if (declared > options.limitBytes + 1024 * 1024) throw new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage)

  const parser = busboy({
    headers: { 'content-type': contentType },
    // Browsers send the file name as raw UTF-8; busboy's default reads it as Latin-1.
    defParamCharset: 'utf8',
    limits: { files: 1, fileSize: options.limitBytes, fields: 10, fieldSize: 4096 },
  })
  const fields: Record<string, string> = {}
  let received: Promise<ReceivedFile> | undefined

  parser.on('field', (name, value) => {
    fields[name] = storableText(value)
  })
  parser.on('file', (name, stream, info) => {
    if (name !== options.field || received) {
      stream.resume()
      return
    }
    const path = join(options.dir, `${randomUUID()}.part`)
    let sizeBytes = 0
    let truncated = false
    stream.on('data', (chunk: Buffer) => (sizeBytes += chunk.length))
    stream.on('limit', () => (truncated = true))
    received = pipeline(stream, createWriteStream(path)).then(async () => {
      if (truncated) {
        await rm(path, { force: true })
        throw new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage)
      }
      return { path, filename: storableText(info.filename ?? 'upload.csv'), mimeType: info.mimeType, sizeBytes, fields }
    })
    received.catch(() => rm(path, { force: true }))
  })

  try {
    await pipeline(Readable.fromWeb(request.body as WebReadableStream), parser)
  } catch (error) {
    if (received) await received.catch(() => undefined)
    if (error instanceof AppError) throw error
    // busboy's words for a form it cannot parse, such as a NUL in the file name's header.
    if (error instanceof Error && error.message.startsWith('Malformed')) throw new AppError('BAD_REQUEST', REQUEST_MESSAGES.malformedForm)
    throw new AppError('BAD_REQUEST', 'The upload was interrupted. Please try again.')
  }
  if (!received) throw new AppError('BAD_REQUEST', 'No file was sent: choose a file and try again.')
  return received
}
