import { z } from 'zod'
import { TEMPLATES } from '../constants.ts'
import { TEMPLATE_MESSAGES } from '../messages.ts'

const required = (max: number) => z.string().trim().min(1, TEMPLATE_MESSAGES.validationBody).max(max, TEMPLATE_MESSAGES.tooLong(max))

/** Create and update take the same fields (001 §5): name, field name and prompt required, trimmed. */
export const templateInputSchema = z.object({
  name: required(TEMPLATES.maxNameChars),
  field_name: required(TEMPLATES.maxFieldNameChars),
  prompt_template: required(TEMPLATES.maxPromptChars),
  enable_advanced_search: z.boolean().default(false),
  // Empty means none: stored as null (001 §3).
  description: z
    .string()
    .trim()
    .max(TEMPLATES.maxDescriptionChars)
    .nullish()
    .transform((v) => (v ? v : null)),
})
export type TemplateInput = z.input<typeof templateInputSchema>

export const listTemplatesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
})
export type ListTemplatesQuery = z.infer<typeof listTemplatesQuerySchema>

export type AiFieldTemplate = {
  id: string
  name: string
  field_name: string
  prompt_template: string
  enable_advanced_search: boolean
  description: string | null
  created_at: string
  updated_at: string
  /** Up to 3 file names whose AI fields use this prompt, and how many files in all. */
  used_in: string[]
  used_in_count: number
}

export type TemplateList = { data: AiFieldTemplate[]; count: number }
