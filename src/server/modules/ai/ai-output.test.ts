import { describe, expect, it } from 'vitest'
import { AI } from '#common/constants'
import { AI_FIELD_MESSAGES } from '#common/messages'
import { answerJsonSchema, checkValue, displayValue, parseAnswer, parseBareAnswer } from './ai-output.ts'

describe('parsing answers per output type', () => {
  it('reads text, and trims it', () => {
    expect(parseAnswer({ kind: 'text' }, '{"reasoning":"r","confidence":0.7,"value":"  Acme Corp "}')).toEqual({
      ok: true,
      answer: { value: 'Acme Corp', reasoning: 'r', confidence: 0.7 },
    })
  })

  it('reads numbers, also written as text with separators, and refuses words', () => {
    expect(checkValue({ kind: 'number' }, 42)).toEqual({ ok: true, value: 42 })
    expect(checkValue({ kind: 'number' }, '1,200')).toEqual({ ok: true, value: 1200 })
    expect(checkValue({ kind: 'number' }, 'about ten')).toMatchObject({ ok: false })
  })

  it('reads booleans from true/false and yes/no', () => {
    expect(checkValue({ kind: 'boolean' }, 'Yes')).toEqual({ ok: true, value: true })
    expect(checkValue({ kind: 'boolean' }, false)).toEqual({ ok: true, value: false })
    expect(checkValue({ kind: 'boolean' }, 'perhaps')).toMatchObject({ ok: false })
  })

  it('takes a choice in any case and gives it as listed; refuses others', () => {
    expect(checkValue({ kind: 'choice', choices: ['High', 'Low'] }, 'high')).toEqual({ ok: true, value: 'High' })
    expect(checkValue({ kind: 'choice', choices: ['High', 'Low'] }, 'Medium')).toMatchObject({ ok: false, problem: expect.stringContaining('choices') })
  })

  it('reads URLs (adding https:// to a bare domain) and e-mail addresses', () => {
    expect(checkValue({ kind: 'url' }, 'acme.com/about')).toEqual({ ok: true, value: 'https://acme.com/about' })
    expect(checkValue({ kind: 'url' }, 'javascript:alert(1)')).toMatchObject({ ok: false })
    expect(checkValue({ kind: 'url' }, 'not a url')).toMatchObject({ ok: false })
    expect(checkValue({ kind: 'email' }, 'mailto:ada@acme.com')).toEqual({ ok: true, value: 'ada@acme.com' })
    expect(checkValue({ kind: 'email' }, 'ada at acme')).toMatchObject({ ok: false })
  })

  it('reads a JSON object field by field, nulls for missing ones', () => {
    const output = { kind: 'json' as const, fields: [{ name: 'ceo', type: 'text' as const }, { name: 'founded', type: 'number' as const }] }
    expect(checkValue(output, { ceo: 'Ada', founded: '1999', extra: 1 })).toEqual({ ok: true, value: { ceo: 'Ada', founded: 1999 } })
    expect(checkValue(output, { ceo: 'Ada' })).toEqual({ ok: true, value: { ceo: 'Ada', founded: null } })
    expect(checkValue(output, { founded: 'long ago' })).toMatchObject({ ok: false, problem: expect.stringContaining('founded') })
  })

  it('accepts null as "not found" for every type', () => {
    expect(checkValue({ kind: 'number' }, null)).toEqual({ ok: true, value: null })
    expect(displayValue(null)).toBe('')
  })

  it('reads the JSON object asked for, also in a code fence', () => {
    expect(parseAnswer({ kind: 'number' }, '```json\n{"value": 7, "confidence": 90}\n```')).toEqual({ ok: true, answer: { value: 7, reasoning: null, confidence: 0.9 } })
    expect(parseAnswer({ kind: 'text' }, '')).toMatchObject({ ok: false })
  })

  it('takes no reply that is not the JSON object asked for, for any output type: prose, a bare value, a truncated object', () => {
    const prose = 'Sure! The answer is probably something like that.'
    const kinds = [
      { kind: 'text' as const },
      { kind: 'number' as const },
      { kind: 'boolean' as const },
      { kind: 'choice' as const, choices: ['Yes', 'No'] },
      { kind: 'url' as const },
      { kind: 'email' as const },
      { kind: 'json' as const, fields: [{ name: 'ceo', type: 'text' as const }] },
    ]
    for (const output of kinds) {
      expect(parseAnswer(output, prose), output.kind).toMatchObject({ ok: false, problem: expect.stringContaining('JSON') })
      expect(parseAnswer(output, '{"reasoning":"r","confidence":0.5,"val'), output.kind).toMatchObject({ ok: false })
      // Prose is never a value, not even as the last resort.
      expect(parseBareAnswer(output, prose), output.kind).toMatchObject({ ok: false })
    }
    expect(parseAnswer({ kind: 'number' }, '12')).toMatchObject({ ok: false })
    expect(parseAnswer({ kind: 'text' }, '"Acme"')).toMatchObject({ ok: false })
  })

  it("a JSON answer whose fields are columns (issue 43): prose, a truncated object or a non-object is no answer; a fenced one is read; a mistyped field alone is left empty, said why", () => {
    const output = {
      kind: 'json' as const,
      fields: [
        { name: 'city', type: 'text' as const },
        { name: 'employees', type: 'number' as const },
      ],
      columns: [
        { field: 'city', columnKey: 'c9' },
        { field: 'employees', columnKey: 'c10' },
      ],
    }
    expect(parseAnswer(output, 'The company is in Paris and has about 120 people.')).toMatchObject({ ok: false })
    expect(parseAnswer(output, '{"reasoning":"r","confidence":0.8,"value":{"city":"Par')).toMatchObject({ ok: false })
    expect(parseAnswer(output, '{"reasoning":"r","confidence":0.8,"value":"Paris, 120"}')).toMatchObject({ ok: false })
    expect(parseBareAnswer(output, 'Paris, 120 employees')).toMatchObject({ ok: false })
    expect(parseAnswer(output, '```json\n{"reasoning":"r","confidence":0.8,"value":{"city":"Paris","employees":120}}\n```')).toMatchObject({
      ok: true,
      answer: { value: { city: 'Paris', employees: 120 } },
    })
    const mistyped = parseAnswer(output, '{"reasoning":"From the site.","confidence":0.8,"value":{"city":"Paris","employees":"many"}}')
    expect(mistyped).toMatchObject({ ok: true, answer: { value: { city: 'Paris', employees: null } } })
    expect(mistyped.ok && mistyped.answer.reasoning).toContain('employees')
  })

  it('reads a bare value only as the last resort, with a low confidence and a reasoning that says so; never for text', () => {
    expect(parseBareAnswer({ kind: 'number' }, ' 12 ')).toEqual({
      ok: true,
      answer: { value: 12, reasoning: AI_FIELD_MESSAGES.bareAnswerReasoning, confidence: AI.bareAnswerConfidence },
    })
    expect(parseBareAnswer({ kind: 'choice', choices: ['Yes', 'No'] }, 'yes')).toMatchObject({ ok: true, answer: { value: 'Yes' } })
    expect(parseBareAnswer({ kind: 'json', fields: [{ name: 'ceo', type: 'text' }] }, '{"ceo":"Ada"}')).toMatchObject({ ok: true, answer: { value: { ceo: 'Ada' } } })
    expect(parseBareAnswer({ kind: 'text' }, 'Acme Corp')).toMatchObject({ ok: false })
    expect(parseBareAnswer({ kind: 'number' }, '')).toMatchObject({ ok: false })
  })

  it('asks the provider for a schema strict structured output accepts', () => {
    const schema = answerJsonSchema({ kind: 'choice', choices: ['A', 'B'] }) as { required: string[]; additionalProperties: boolean; properties: Record<string, unknown> }
    expect(schema.required).toEqual(['reasoning', 'confidence', 'value'])
    expect(schema.additionalProperties).toBe(false)
    expect(JSON.stringify(schema.properties.value)).toContain('"A"')
  })

  it('shows JSON values as JSON text', () => {
    expect(displayValue({ a: 1 })).toBe('{"a":1}')
    expect(displayValue(3.5)).toBe('3.5')
  })
})
