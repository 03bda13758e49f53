import { and, desc, eq, inArray } from 'drizzle-orm'
import { TEMPLATES } from '#common/constants'
import { TEMPLATE_MESSAGES } from '#common/messages'
import { templateInputSchema, type AiFieldTemplate, type TemplateInput, type TemplateList } from '#common/schemas/templates'
import { db } from '#server/db/client'
import { aiFields, aiFieldTemplates, csvUploads } from '#server/db/schema/index'
import { AppError } from '#server/platform/app-error'

type TemplateRow = typeof aiFieldTemplates.$inferSelect
type Usage = { files: string[]; count: number }

function toTemplate(row: TemplateRow, usage: Usage | undefined): AiFieldTemplate {
  return {
    id: row.id,
    name: row.name,
    field_name: row.fieldName,
    prompt_template: row.promptTemplate,
    enable_advanced_search: row.enableAdvancedSearch,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    used_in: usage?.files ?? [],
    used_in_count: usage?.count ?? 0,
  }
}

/**
 * Which of the user's files have an AI field with each template's prompt (001 §7: templates are
 * matched to AI fields by prompt). Keyed by template id.
 */
async function usageOf(userId: string, templateIds: string[]): Promise<Map<string, Usage>> {
  const usage = new Map<string, Usage>()
  if (templateIds.length === 0) return usage
  // One row per template and file, newest file first; every side is the user's own.
  const rows = await db
    .selectDistinctOn([aiFieldTemplates.id, csvUploads.id], { templateId: aiFieldTemplates.id, filename: csvUploads.filename, updatedAt: csvUploads.updatedAt })
    .from(aiFieldTemplates)
    .innerJoin(aiFields, and(eq(aiFields.userId, userId), eq(aiFields.prompt, aiFieldTemplates.promptTemplate)))
    .innerJoin(csvUploads, and(eq(csvUploads.id, aiFields.uploadId), eq(csvUploads.userId, userId)))
    .where(and(eq(aiFieldTemplates.userId, userId), inArray(aiFieldTemplates.id, templateIds)))
    .orderBy(aiFieldTemplates.id, csvUploads.id)
  for (const row of rows.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())) {
    const entry = usage.get(row.templateId) ?? { files: [], count: 0 }
    if (entry.files.length < TEMPLATES.usedInShown) entry.files.push(row.filename)
    entry.count += 1
    usage.set(row.templateId, entry)
  }
  return usage
}

/** The library, newest-updated first; the AI column dialog asks for the latest 10. */
export async function listTemplates({ userId, limit }: { userId: string; limit?: number }): Promise<TemplateList> {
  const query = db
    .select()
    .from(aiFieldTemplates)
    .where(eq(aiFieldTemplates.userId, userId))
    .orderBy(desc(aiFieldTemplates.updatedAt), desc(aiFieldTemplates.id))
  const rows = limit ? await query.limit(limit) : await query
  const usage = await usageOf(
    userId,
    rows.map((r) => r.id),
  )
  return { data: rows.map((r) => toTemplate(r, usage.get(r.id))), count: rows.length }
}

async function getTemplateOrThrow({ userId, id }: { userId: string; id: string }): Promise<AiFieldTemplate> {
  const [row] = await db
    .select()
    .from(aiFieldTemplates)
    .where(and(eq(aiFieldTemplates.id, id), eq(aiFieldTemplates.userId, userId)))
  if (!row) throw new AppError('NOT_FOUND', TEMPLATE_MESSAGES.notFound)
  return toTemplate(row, (await usageOf(userId, [row.id])).get(row.id))
}

export async function createTemplate({ userId, ...input }: { userId: string } & TemplateInput): Promise<AiFieldTemplate> {
  const values = templateInputSchema.parse(input)
  const [row] = await db
    .insert(aiFieldTemplates)
    .values({
      userId,
      name: values.name,
      fieldName: values.field_name,
      promptTemplate: values.prompt_template,
      enableAdvancedSearch: values.enable_advanced_search,
      description: values.description,
    })
    .returning()
  return toTemplate(row!, undefined)
}

export async function updateTemplate({ userId, id, ...input }: { userId: string; id: string } & TemplateInput): Promise<AiFieldTemplate> {
  const values = templateInputSchema.parse(input)
  const updated = await db
    .update(aiFieldTemplates)
    .set({
      name: values.name,
      fieldName: values.field_name,
      promptTemplate: values.prompt_template,
      enableAdvancedSearch: values.enable_advanced_search,
      description: values.description,
      updatedAt: new Date(),
    })
    .where(and(eq(aiFieldTemplates.id, id), eq(aiFieldTemplates.userId, userId)))
    .returning({ id: aiFieldTemplates.id })
  if (updated.length === 0) throw new AppError('NOT_FOUND', TEMPLATE_MESSAGES.notFound)
  return getTemplateOrThrow({ userId, id })
}

export async function deleteTemplate({ userId, id }: { userId: string; id: string }): Promise<{ id: string }> {
  const deleted = await db
    .delete(aiFieldTemplates)
    .where(and(eq(aiFieldTemplates.id, id), eq(aiFieldTemplates.userId, userId)))
    .returning({ id: aiFieldTemplates.id })
  if (deleted.length === 0) throw new AppError('NOT_FOUND', TEMPLATE_MESSAGES.notFound)
  return { id }
}
