import { describe, expect, it } from 'vitest'
import { WATERFALL } from './constants.ts'
import { acceptsAnswer, parseAcceptRule } from './waterfall-rules.ts'

const judge = (rule: string, value: string | null, confidence: number | null = null) => {
  const parsed = parseAcceptRule(rule)
  if (!parsed.ok) throw new Error(`${rule}: ${parsed.problem}`)
  return acceptsAnswer(parsed.ast, { value, confidence })
}

describe('waterfall acceptance rules', () => {
  it('accepts a value by the default rule only when it is not empty', () => {
    expect(judge(WATERFALL.defaultAcceptRule, 'x')).toBe(true)
    expect(judge(WATERFALL.defaultAcceptRule, null)).toBe(false)
    expect(judge(WATERFALL.defaultAcceptRule, '   ')).toBe(false)
  })

  it('reads the value as text and the confidence as a number; an empty confidence is never enough', () => {
    const email = 'AND(CONTAINS({value}, "@"), CONTAINS(DOMAIN({value}), "."))'
    expect(judge(email, 'ada@acme.com')).toBe(true)
    expect(judge(email, 'not an email')).toBe(false)
    expect(judge('AND(NUMBER({value}) >= 1, NUMBER({value}) <= 500)', '42')).toBe(true)
    expect(judge('AND(NUMBER({value}) >= 1, NUMBER({value}) <= 500)', '501')).toBe(false)
    expect(judge('{confidence} >= 0.8', 'a', 0.8)).toBe(true)
    expect(judge('{confidence} >= 0.8', 'a', 0.79)).toBe(false)
    expect(judge('{confidence} >= 0.8', 'a', null)).toBe(false)
  })

  it('refuses a rule that is not yes or no, names a row column, or does not parse', () => {
    expect(parseAcceptRule('LEN({value})')).toMatchObject({ ok: false, notYesNo: true })
    expect(parseAcceptRule('NOT(IS_EMPTY({Email}))')).toMatchObject({ ok: false, notYesNo: false })
    expect(parseAcceptRule('NOT(')).toMatchObject({ ok: false, notYesNo: false })
  })
})
