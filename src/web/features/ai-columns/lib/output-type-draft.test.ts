import { describe, expect, it } from 'vitest'
import { aiOutputTypeSchema } from '#common/schemas/enrichment'
import { draftOf, outputTypeOf } from './output-type-draft'

describe('output type draft', () => {
  it('turns lines into choices, skipping blank ones', () => {
    const type = outputTypeOf({ kind: 'choice', choicesText: ' Small \n\nLarge\n', jsonFields: [] })
    expect(type).toEqual({ kind: 'choice', choices: ['Small', 'Large'] })
    expect(aiOutputTypeSchema.safeParse(type).success).toBe(true)
  })

  it('round-trips a JSON type', () => {
    const type = { kind: 'json' as const, fields: [{ name: 'ceo', type: 'text' as const }, { name: 'founded', type: 'number' as const }] }
    expect(outputTypeOf(draftOf(type))).toEqual(type)
  })

  it('drops the extra parts of a simple kind', () => {
    expect(outputTypeOf({ kind: 'number', choicesText: 'a\nb', jsonFields: [{ name: 'x', type: 'text' }] })).toEqual({ kind: 'number' })
  })

  it('leaves a single choice for the schema to refuse', () => {
    expect(aiOutputTypeSchema.safeParse(outputTypeOf({ kind: 'choice', choicesText: 'Only', jsonFields: [] })).success).toBe(false)
  })
})
