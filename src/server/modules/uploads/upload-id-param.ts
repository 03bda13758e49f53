import { UPLOAD_DETAIL_MESSAGES } from '#common/messages'
import { validateIds } from '#server/platform/validate'

/** The upload page's 'File not found', which row storage also answers for an upload deleted mid-read. */
export const UPLOAD_NOT_FOUND = UPLOAD_DETAIL_MESSAGES.notFoundTitle

/**
 * The upload's `:id` in every `/api/uploads/:id/...` route, whichever module answers it; a route
 * with more path params names `id: UPLOAD_NOT_FOUND` first in its own `validateIds`.
 */
export const uploadIdParam = validateIds({ id: UPLOAD_NOT_FOUND })
