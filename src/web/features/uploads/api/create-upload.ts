import type { UploadResponse } from '#common/schemas/uploads'
import { api, ApiError, apiUrl, toApiError } from '#web/lib/api-client'
import { localeDateOrder } from '../lib/locale-date-order'
import { UploadAbortedError } from '../lib/upload-errors'

export type CreateUploadInput = {
  file: File
  /** For a workbook: the sheet to import (else the server takes the first). */
  sheet?: string
  signal?: AbortSignal
  /** Bytes sent so far, for a real progress bar. */
  onProgress?: (loaded: number, total: number) => void
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * POST /api/uploads as multipart. XMLHttpRequest rather than fetch: only it reports upload
 * progress. Errors come back as the same ApiError `unwrap` throws.
 */
export function createUpload({ file, sheet, signal, onProgress }: CreateUploadInput): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadAbortedError())
      return
    }
    const xhr = new XMLHttpRequest()
    const form = new FormData()
    form.append('file', file, file.name)
    if (sheet) form.append('sheet', sheet)
    form.append('dateOrder', localeDateOrder())

    const onAbort = () => xhr.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    const settle = () => signal?.removeEventListener('abort', onAbort)

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total)
    }
    xhr.onload = () => {
      settle()
      const body = parseJson(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as UploadResponse)
      else reject(toApiError(xhr.status, body))
    }
    xhr.onerror = () => {
      settle()
      reject(new ApiError('NETWORK', 0, 'The connection was lost during the upload. Please try again.'))
    }
    xhr.onabort = () => {
      settle()
      reject(new UploadAbortedError())
    }
    xhr.open('POST', apiUrl(api.uploads.$path()))
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.send(form)
  })
}
