import { expect } from 'vitest'
import { z } from 'zod'

/**
 * A success body read through the contract its route is documented with (as dub parses its
 * responses): a field of the wrong type fails the parse, and a field the contract does not list
 * (which parsing strips) fails the comparison. Returns the parsed body.
 */
export function expectContract<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new Error(`The body breaks its contract:\n${z.prettifyError(parsed.error)}\n${JSON.stringify(body, null, 2).slice(0, 2000)}`)
  expect(parsed.data, 'a field the contract does not list').toEqual(body)
  return parsed.data
}

/** A response's JSON body, read through its contract (`expectContract`). */
export async function readJson<Schema extends z.ZodType>(res: Response, schema: Schema): Promise<z.output<Schema>> {
  return expectContract(schema, await res.clone().json())
}
