import { unwrap } from '#web/lib/api-client'

/** A JSON request to the uploads API, read through the one `unwrap` (errors become ApiError). */
export async function sendJson<T>(url: string, method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return (await unwrap(res)) as T
}
