import { mkdirSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { env } from '#server/env'

/** Files on local disk under DATA_DIR; an S3-compatible store can later sit behind these names. */

export function uploadDir(userId: string, uploadId: string) {
  const dir = join(env.DATA_DIR, 'uploads', userId, uploadId)
  mkdirSync(dir, { recursive: true })
  return dir
}

export function incomingDir() {
  const dir = join(env.DATA_DIR, 'incoming')
  mkdirSync(dir, { recursive: true })
  return dir
}

export async function removeUploadFiles(userId: string, uploadId: string) {
  await rm(join(env.DATA_DIR, 'uploads', userId, uploadId), { recursive: true, force: true })
}

/** Beside an upload's stored file: the records its import skipped, for the user to download. */
export function skippedRowsPath(upload: { storagePath: string }) {
  return join(upload.storagePath, '..', 'skipped-rows.csv')
}
