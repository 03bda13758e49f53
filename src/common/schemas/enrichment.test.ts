import { describe, expect, it } from 'vitest'
import { AI } from '../constants.ts'
import { AI_FIELD_MESSAGES, TEMPLATE_MESSAGES } from '../messages.ts'
import { createAiFieldSchema } from './enrichment.ts'
import { templateInputSchema } from './templates.ts'

const issuesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []

describe('AI field and template limits', () => {
  it('says in the product\u2019s words when a column name or a prompt is too long', () => {
    const result = createAiFieldSchema.safeParse({ name: 'N'.repeat(AI.maxNameLength + 1), prompt: 'P'.repeat(AI.maxPromptLength + 1) })
    expect(issuesOf(result)).toEqual([
      ['name', AI_FIELD_MESSAGES.nameTooLong(AI.maxNameLength)],
      ['prompt', AI_FIELD_MESSAGES.promptTooLong(AI.maxPromptLength)],
    ])
    expect(createAiFieldSchema.safeParse({ name: 'N'.repeat(AI.maxNameLength), prompt: 'About {Name}' }).success).toBe(true)
  })

  it('keeps a template\u2019s field name within an AI column name\u2019s limit, so a loaded template can be created', () => {
    const fits = { name: 'Industry', field_name: 'F'.repeat(AI.maxNameLength), prompt_template: 'About {Company}' }
    expect(templateInputSchema.safeParse(fits).success).toBe(true)
    expect(createAiFieldSchema.safeParse({ name: fits.field_name, prompt: fits.prompt_template }).success).toBe(true)

    const tooLong = templateInputSchema.safeParse({ ...fits, field_name: 'F'.repeat(AI.maxNameLength + 1) })
    expect(issuesOf(tooLong)).toEqual([['field_name', TEMPLATE_MESSAGES.tooLong(AI.maxNameLength)]])
  })
})
