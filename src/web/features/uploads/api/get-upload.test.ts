import { afterEach, describe, expect, it, vi } from 'vitest'
import { uploadEventsUrl } from './get-upload-progress.ts'
import { getUpload } from './get-upload.ts'
import { stubFetchAnswer } from '#web/test/stub-fetch'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the uploads endpoints on the typed client', () => {
  it('puts an id into the path encoded, so it cannot change the path', async () => {
    const fetch = stubFetchAnswer(200, { id: 'x' })
    await getUpload('../billing')
    expect(fetch.mock.calls[0]![0]).toBe('/api/uploads/..%2Fbilling')
    expect(uploadEventsUrl('a/b')).toBe('/api/uploads/a%2Fb/events')
  })

  it('throws the server’s error as an ApiError', async () => {
    stubFetchAnswer(404, { error: { code: 'NOT_FOUND', message: 'File not found' } })
    await expect(getUpload('u1')).rejects.toMatchObject({ name: 'ApiError', code: 'NOT_FOUND', status: 404, message: 'File not found' })
  })
})
