import { EXPORT_FILE_PREFIX, type ExportFormat, type ExportScope } from '#common/schemas/rows'

const EXTENSION: Record<ExportFormat, string> = { csv: '.csv', json: '.json', xlsx: '.xlsx' }

/**
 * The file name the server gives an export (`enriched_`, `filtered_` or `selected_` + the original
 * name with the format's extension, or `<fileLabel>_` in the prefix's place); used when the
 * response carries no Content-Disposition name.
 */
export function exportFileName(filename: string, scope: ExportScope, format: ExportFormat, fileLabel?: string): string {
  const base = filename.replace(/\.(csv|tsv|txt|xlsx|xls|json)$/i, '')
  return `${fileLabel ? `${fileLabel}_` : EXPORT_FILE_PREFIX[scope]}${base}${EXTENSION[format]}`
}

/** The file name in a Content-Disposition header: RFC 5987 `filename*=UTF-8''...` first, then `filename="..."`. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''))
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header)
  const name = plain?.[2] ?? plain?.[1]?.trim()
  return name ? name : null
}
