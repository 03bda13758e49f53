import { describe, expect, it } from 'vitest'
import { FORMULA_FUNCTIONS, FORMULA_LIMITS, formulaNodeSchema, functionNameSchema } from '#common/schemas/formula'
import { parseFormula, type FormulaColumn } from './parse.ts'

const columns: FormulaColumn[] = [
  { key: 'c0', name: 'Employees', type: 'number' },
  { key: 'c1', name: 'Email', type: 'text' },
  { key: 'c2', name: 'Signup date', type: 'date' },
  { key: 'c3', name: 'Active', type: 'boolean' },
]

const problem = (formula: string) => {
  const parsed = parseFormula(formula, columns)
  if (parsed.ok) throw new Error(`${formula} parsed`)
  return parsed.error.message
}

const parsed = (formula: string) => {
  const result = parseFormula(formula, columns)
  if (!result.ok) throw new Error(result.error.message)
  return result
}

describe('reading a formula', () => {
  it('resolves {Column Name} in any case and with outer spaces to the column key', () => {
    expect(parsed('{ employees } + {EMPLOYEES}').ast).toMatchObject({
      node: 'binary',
      op: '+',
      left: { node: 'column', key: 'c0', type: 'number' },
      right: { node: 'column', key: 'c0' },
    })
  })

  it('gives the kind of the issue examples', () => {
    expect(parsed('IF(NUMBER({Employees}) >= 1000, "Enterprise", "SMB")').type).toBe('text')
    expect(parsed('DOMAIN({Email})').type).toBe('text')
    expect(parsed('YEAR(DATE({Signup date}))').type).toBe('number')
    expect(parsed('{Employees} / {Employees}').type).toBe('number')
    expect(parsed('{Employees} > 10').type).toBe('boolean')
    expect(parsed('MAX({Signup date}, "2024-01-01")').type).toBe('date')
    expect(parsed('IF({Active}, 1, "none")').type).toBe('text')
  })

  it('binds * before + before & before comparisons, and reads a leading minus', () => {
    expect(parsed('1 + 2 * 3 & "x" = "7x"').ast).toMatchObject({
      op: '=',
      left: { op: '&', left: { op: '+', right: { op: '*' } } },
    })
    expect(parsed('-{Employees} * 2').ast).toMatchObject({ op: '*', left: { node: 'unary', operand: { node: 'column' } } })
  })

  it('reads text in either quote with escapes, function names and TRUE in any case', () => {
    expect(parsed(String.raw`concat("say \"hi\"", 'it\'s')`).ast).toMatchObject({
      name: 'CONCAT',
      args: [{ value: 'say "hi"' }, { value: "it's" }],
    })
    expect(parsed('not(true)').ast).toMatchObject({ name: 'NOT', args: [{ node: 'literal', type: 'boolean', value: true }] })
  })

  it('gives trees the contract accepts', () => {
    const { ast } = parsed('IF(AND({Active}, {Employees} >= 10), BUCKET({Employees}, -5, 10, 100.5), LOWER(DOMAIN({Email})))')
    expect(formulaNodeSchema.parse(ast)).toEqual(ast)
  })

  it('lists every function of the language in the catalogue, with a signature', () => {
    expect(FORMULA_FUNCTIONS.map((f) => f.name).sort()).toEqual([...functionNameSchema.options].sort())
    for (const f of FORMULA_FUNCTIONS) expect(f.signature.startsWith(`${f.name}(`)).toBe(true)
  })
})

describe('the place and the problem of a formula that does not read', () => {
  it('names an unknown function where it starts', () => {
    expect(problem('TRIM({Email}) & LWOER({Email})')).toBe('character 17: unknown function LWOER; did you mean LOWER?')
    expect(problem('LWOER')).toBe('character 1: unknown function LWOER; did you mean LOWER?')
    expect(problem('days_betwen({Signup date}, TODAY())')).toBe('character 1: unknown function days_betwen; did you mean DAYS_BETWEEN?')
    expect(problem('FROBNICATE(1)')).toBe('character 1: unknown function FROBNICATE')
  })

  it('names an unknown column and the column it most likely means', () => {
    expect(problem('LOWER({Emial})')).toBe('character 7: unknown column {Emial}; did you mean {Email}?')
    expect(problem('{signup dat} > "2024-01-01"')).toBe('character 1: unknown column {signup dat}; did you mean {Signup date}?')
    expect(problem('{Signup} > "2024-01-01"')).toBe('character 1: unknown column {Signup}; did you mean {Signup date}?')
    expect(problem('{Revenue} + 1')).toBe('character 1: unknown column {Revenue}')
  })

  it('suggests nothing when two names are as close', () => {
    const twins: FormulaColumn[] = [
      { key: 'a', name: 'Cost A', type: 'number' },
      { key: 'b', name: 'Cost B', type: 'number' },
    ]
    const result = parseFormula('{Cost C} + 1', twins)
    expect(result.ok ? null : result.error.message).toBe('character 1: unknown column {Cost C}')
  })

  it('says how many arguments a function takes', () => {
    expect(problem('LEFT({Email})')).toBe('character 1: LEFT takes 2 arguments, not 1')
    expect(problem('ROUND(1, 2, 3)')).toBe('character 1: ROUND takes 1 to 2 arguments, not 3')
    expect(problem('NOT(TRUE, FALSE)')).toBe('character 1: NOT takes 1 argument, not 2')
    expect(problem('SWITCH(1, 2)')).toBe('character 1: SWITCH takes at least 3 arguments, not 2')
    expect(problem('TODAY(1)')).toBe('character 1: TODAY takes 0 arguments, not 1')
  })

  it('says which kind an argument needs', () => {
    expect(problem('ROUND({Signup date})')).toBe('character 7: ROUND needs a number here, not a date')
    expect(problem('YEAR(1)')).toBe('character 6: YEAR needs a date here, not a number')
    expect(problem('IF(1, 2, 3)')).toBe('character 4: IF needs a yes/no value here, not a number')
    expect(problem('MIN({Signup date}, 3)')).toBe('character 20: MIN needs a date here, not a number')
    expect(problem('1 + {Active}')).toBe('character 5: + needs a number, not a yes/no value')
    expect(problem('-{Signup date}')).toBe('character 2: - needs a number, not a date')
  })

  it('refuses comparisons of kinds that do not compare', () => {
    expect(problem('{Signup date} > 3')).toBe('character 17: cannot compare a date with a number')
    expect(problem('SWITCH({Active}, 1, "a", "b")')).toBe('character 18: cannot compare a yes/no value with a number')
  })

  it('wants BUCKET bounds written out and increasing', () => {
    expect(problem('BUCKET({Employees}, 10, 5)')).toBe('character 1: BUCKET needs numbers written out as its bounds, each larger than the one before')
    expect(problem('BUCKET({Employees}, {Employees})')).toBe(
      'character 1: BUCKET needs numbers written out as its bounds, each larger than the one before',
    )
  })

  it('points at a syntax error', () => {
    expect(problem('1 +')).toBe('character 4: expected a value: a number, "text", {Column} or a function')
    expect(problem('LOWER({Email}')).toBe('character 14: expected ")"')
    expect(problem('"abc')).toBe('character 5: expected "\\""')
    expect(problem('LOWER({Email')).toBe('character 7: a column reference needs its closing }')
    expect(problem('LOWER')).toBe('character 6: expected "("')
    expect(problem('   ')).toBe('character 1: write a formula')
  })

  it('bounds the length and the depth', () => {
    expect(problem(`"${'x'.repeat(FORMULA_LIMITS.maxLength)}"`)).toBe('character 2001: a formula has at most 2,000 characters')
    const deep = `${'ABS('.repeat(40)}1${')'.repeat(40)}`
    expect(problem(deep)).toBe(`character ${4 * 33}: nested more than 32 deep`)
    expect(parsed(`${'ABS('.repeat(32)}1${')'.repeat(32)}`).type).toBe('number')
    // Brackets inside text or a column name do not count.
    expect(parsed(`"${'('.repeat(40)}"`).type).toBe('text')
    const chain = Array.from({ length: 100 }, () => '1').join(' + ')
    expect(problem(chain)).toBe('character 1: nested more than 64 deep')
  })
})

describe('a formula that names a formula column', () => {
  const withFormulas: FormulaColumn[] = [
    ...columns,
    { key: 'f0', name: 'Size', type: 'number', formula: 'NUMBER({Employees}) / 10' },
    { key: 'f1', name: 'Band', type: 'text', formula: 'IF({Size} >= 100, "Large", "Small")' },
    { key: 'f2', name: 'Broken', type: 'text', formula: 'LOWER({Gone})' },
  ]
  const read = (formula: string, self?: string) => parseFormula(formula, withFormulas, { self })

  it("reads the column's formula in where it is named, down to the cells beneath", () => {
    const result = read('{Band} & "!"')
    if (!result.ok) throw new Error(result.error.message)
    expect(result.ast).toMatchObject({
      node: 'binary',
      op: '&',
      left: { node: 'call', name: 'IF', type: 'text', args: [{ node: 'binary', op: '>=', left: { node: 'binary', op: '/', left: { node: 'call', name: 'NUMBER', args: [{ node: 'column', key: 'c0' }] } } }, {}, {}] },
    })
    expect(JSON.stringify(result.ast)).not.toContain('"f0"')
    expect(formulaNodeSchema.safeParse(result.ast).success).toBe(true)
  })

  it('refuses a circle, said where the formula names the first column of it', () => {
    // {Size} given a formula that names {Band}, which names {Size}.
    expect(read('LEN({Band})', 'f0')).toMatchObject({ ok: false, error: { message: 'character 5: formula columns cannot read each other in a circle: {Size} reads {Band} reads {Size}' } })
    expect(read('{Size} + 1', 'f0')).toMatchObject({ ok: false, error: { message: 'character 1: formula columns cannot read each other in a circle: {Size} reads {Size}' } })
  })

  it("says which column's formula does not work, at the reference", () => {
    expect(read('UPPER({broken})')).toMatchObject({ ok: false, error: { at: 6, message: 'character 7: the formula of {Broken} does not work (unknown column {Gone})' } })
  })

  it('bounds how many formula columns a formula reads in, counting repeats', () => {
    // Each level names the one below twice: 2 + 4 + ... reads.
    const levels: FormulaColumn[] = [{ key: 'l0', name: 'L0', type: 'number', formula: '1' }]
    for (let i = 1; i <= 6; i += 1) levels.push({ key: `l${i}`, name: `L${i}`, type: 'number', formula: `{L${i - 1}} + {L${i - 1}}` })
    expect(parseFormula('{L4}', levels).ok).toBe(true)
    const result = parseFormula('{L6}', levels)
    expect(result.ok ? null : result.error.message).toBe(`character 1: a formula can read formula columns at most ${FORMULA_LIMITS.maxColumnReads} times, counting the columns they read`)
  })
})
