import { UPLOAD } from '#common/constants'

const BYTES_PER_MB = 1024 * 1024

/** The hidden inputs' `accept`: the importer's extensions and MIME types. */
export const UPLOAD_INPUT_ACCEPT = [...UPLOAD.acceptedExtensions, ...UPLOAD.acceptedMimeTypes].join(',')

export type UploadFileCheck =
  | { ok: true }
  | { ok: false; reason: 'type' }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'size'; limitMb: number }

type FileFacts = Pick<File, 'name' | 'type' | 'size'>

function extensionOf(name: string): string | null {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot).toLowerCase() : null
}

/**
 * The extension decides (case-insensitive): browsers report MIME types for .csv and .tsv
 * inconsistently (Windows with Excel says application/vnd.ms-excel, some say nothing). A name with
 * no extension is accepted on an importer MIME type.
 */
export function isAcceptedUploadType({ name, type }: Pick<FileFacts, 'name' | 'type'>): boolean {
  const extension = extensionOf(name)
  if (extension) return (UPLOAD.acceptedExtensions as readonly string[]).includes(extension)
  return (UPLOAD.acceptedMimeTypes as readonly string[]).includes(type.toLowerCase())
}

/** Checked before any upload; the server checks the same again. No limit known yet: no size check. */
export function checkUploadFile(file: FileFacts, maxUploadMb?: number | null): UploadFileCheck {
  if (!isAcceptedUploadType(file)) return { ok: false, reason: 'type' }
  if (file.size === 0) return { ok: false, reason: 'empty' }
  if (maxUploadMb && file.size > maxUploadMb * BYTES_PER_MB) {
    return { ok: false, reason: 'size', limitMb: maxUploadMb }
  }
  return { ok: true }
}

/** '12.3 KB' (000 §2: size in KB with one decimal). */
export function formatFileSizeKb(bytes: number): string {
  return `${(bytes / 1024).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} KB`
}
