import { validateIds } from '#server/platform/validate'

export const UPLOAD_NOT_FOUND = 'File not found'

/**
 * The upload's `:id` in every `/api/uploads/:id/...` route, whichever module answers it; a route
 * with more path params names `id: UPLOAD_NOT_FOUND` first in its own `validateIds`.
 */
export const uploadIdParam = validateIds({ id: UPLOAD_NOT_FOUND })
