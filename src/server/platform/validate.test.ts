import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from './app-error.ts'
import { validateIds } from './validate.ts'

const uuid = '6f1c2a3e-4b5d-4e6f-8a9b-0c1d2e3f4a5b'

/** A route with two names and a row index, answering what it was given or the AppError it threw. */
const app = new Hono()
  .get(
    '/files/:id/fields/:fieldId/rows/:rowIndex',
    validateIds({ id: 'No such file', fieldId: 'No such field' }, { rowIndex: z.coerce.number().int().min(0) }),
    (c) => c.json(c.req.valid('param')),
  )
  .get('/files/:id/columns/:key', validateIds({ id: 'No such file', key: 'No such column' }, { key: z.string().regex(/^c\d+$/) }), (c) =>
    c.json(c.req.valid('param')),
  )
  .onError((error, c) => (error instanceof AppError ? c.json({ code: error.code, message: error.message }, error.status) : c.text('unexpected', 500)))

const answer = async (path: string) => {
  const res = await app.request(path)
  return [res.status, await res.json()]
}

describe('validateIds', () => {
  it('passes well-formed params on, the others parsed by their schema', async () => {
    expect(await answer(`/files/${uuid}/fields/${uuid}/rows/7`)).toEqual([200, { id: uuid, fieldId: uuid, rowIndex: 7 }])
    expect(await answer(`/files/${uuid}/columns/c3`)).toEqual([200, { id: uuid, key: 'c3' }])
  })

  it('answers a malformed name with its own 404, the first one named when several are malformed', async () => {
    expect(await answer(`/files/x/fields/${uuid}/rows/7`)).toEqual([404, { code: 'NOT_FOUND', message: 'No such file' }])
    expect(await answer(`/files/${uuid}/fields/x/rows/7`)).toEqual([404, { code: 'NOT_FOUND', message: 'No such field' }])
    expect(await answer('/files/x/fields/x/rows/7')).toEqual([404, { code: 'NOT_FOUND', message: 'No such file' }])
  })

  it('checks a name against the schema given for it instead of a UUID', async () => {
    expect(await answer(`/files/${uuid}/columns/${uuid}`)).toEqual([404, { code: 'NOT_FOUND', message: 'No such column' }])
    expect(await answer('/files/x/columns/nope')).toEqual([404, { code: 'NOT_FOUND', message: 'No such file' }])
  })

  it('refuses a malformed other param as input (422), after the names', async () => {
    expect(await answer(`/files/${uuid}/fields/${uuid}/rows/-1`)).toEqual([422, { code: 'VALIDATION_FAILED', message: expect.stringMatching(/^rowIndex: /) }])
    expect(await answer(`/files/${uuid}/fields/x/rows/-1`)).toEqual([404, { code: 'NOT_FOUND', message: 'No such field' }])
  })
})
