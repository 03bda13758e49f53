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

export const aiFieldTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  field_name: z.string(),
  prompt_template: z.string(),
  enable_advanced_search: z.boolean(),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Up to 3 file names whose AI fields use this prompt, and how many files in all. */
  used_in: z.array(z.string()),
  used_in_count: z.number().int(),
})
export type AiFieldTemplate = z.infer<typeof aiFieldTemplateSchema>

export const templateListSchema = z.object({ data: z.array(aiFieldTemplateSchema), count: z.number().int() })
export type TemplateList = z.infer<typeof templateListSchema>

export const deletedTemplateSchema = z.object({ id: z.string() })
