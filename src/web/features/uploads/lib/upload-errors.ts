/** The user cancelled, or the screen that started the work went away: never shown as a failure. */
export class UploadAbortedError extends Error {
  constructor() {
    super('Upload cancelled')
    this.name = 'UploadAbortedError'
  }
}

/**
 * The import did not finish: `failed` is the server's verdict (its message, when any, is shown as
 * is); `status-check` means we could not learn the outcome (001 §8 'Processing error').
 */
export class UploadProcessingError extends Error {
  readonly kind: 'failed' | 'status-check'
  readonly serverMessage: string | null

  constructor(kind: UploadProcessingError['kind'], serverMessage: string | null = null) {
    super(serverMessage ?? (kind === 'failed' ? 'Processing failed' : 'Unable to check processing status'))
    this.name = 'UploadProcessingError'
    this.kind = kind
    this.serverMessage = serverMessage
  }
}
