import { errorStatus, type ErrorCode } from '#common/errors'

/** The one error type services throw; `app.onError` maps its code to a status (CONVENTIONS §6). */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly details?: unknown

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.details = details
  }

  get status() {
    return errorStatus[this.code]
  }
}
