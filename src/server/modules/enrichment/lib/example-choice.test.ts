import { describe, expect, it } from 'vitest'
import { chooseExamples, inputTrigrams, jaccard, trigramsOf, type FieldExample } from './example-choice.ts'

const example = (rowIndex: number, company: string, value = `v${rowIndex}`): FieldExample => ({ rowIndex, inputs: { c2: company }, value })
const render = (e: FieldExample) => JSON.stringify(e)

describe('trigram similarity', () => {
  it("makes pg_trgm's trigrams per word, tagged with the column", () => {
    expect([...trigramsOf('k', 'Ab')].map((g) => g.split('\u0000')[1])).toEqual(['  a', ' ab', 'ab '])
    expect(jaccard(inputTrigrams(['a'], { a: 'acme' }), inputTrigrams(['b'], { b: 'acme' }))).toBe(0)
  })

  it('scores equal inputs 1, unrelated 0, and nothing against nothing 0', () => {
    const acme = inputTrigrams(['c2'], { c2: 'Acme Robotics' })
    expect(jaccard(acme, inputTrigrams(['c2'], { c2: 'acme robotics!' }))).toBe(1)
    expect(jaccard(acme, inputTrigrams(['c2'], { c2: 'Globex' }))).toBe(0)
    expect(jaccard(new Set(), new Set())).toBe(0)
  })
})

describe('choosing the examples for a row', () => {
  const examples = [example(0, 'Globex Foods'), example(1, 'Acme Rockets'), example(2, 'Acme Robotics Europe'), example(3, 'Initech'), example(4, 'Acme Robotics')]

  it('sends the most similar first, at most the limit', () => {
    const chosen = chooseExamples({ examples, keys: ['c2'], row: { c2: 'Acme Robotics GmbH' }, render, limit: 3, tokenBudget: 10_000 })
    expect(chosen.map((e) => e.rowIndex)).toEqual([4, 2, 1])
  })

  it('breaks ties by the lower row, so a row always gets the same examples', () => {
    const twins = [example(7, 'Same Name'), example(3, 'Same Name'), example(5, 'Same Name')]
    expect(chooseExamples({ examples: twins, keys: ['c2'], row: { c2: 'Same Name' }, render, limit: 2, tokenBudget: 10_000 }).map((e) => e.rowIndex)).toEqual([3, 5])
  })

  it('keeps within the token cap, passing over an example too long for what is left', () => {
    const long = { ...example(9, 'Acme Robotics'), value: 'x'.repeat(400) }
    const tokensOfShort = Math.ceil(render(example(2, 'Acme Robotics Europe')).length / 4)
    const chosen = chooseExamples({ examples: [long, ...examples], keys: ['c2'], row: { c2: 'Acme Robotics' }, render, limit: 3, tokenBudget: tokensOfShort * 2 + 1 })
    expect(chosen.map((e) => e.rowIndex)).not.toContain(9)
    expect(chosen.length).toBe(2)
    expect(chosen.reduce((sum, e) => sum + Math.ceil(render(e).length / 4), 0)).toBeLessThanOrEqual(tokensOfShort * 2 + 1)
  })

  it('sends none without examples or with a limit of 0', () => {
    expect(chooseExamples({ examples: [], keys: ['c2'], row: { c2: 'Acme' }, render })).toEqual([])
    expect(chooseExamples({ examples, keys: ['c2'], row: { c2: 'Acme' }, render, limit: 0 })).toEqual([])
  })
})
