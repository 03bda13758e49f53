import { TEMPLATES } from '#common/constants'
import type { AiFieldTemplate } from '#common/schemas/templates'

/** Case-insensitive match on name, field name, prompt and description; blank search keeps all. */
export function filterTemplates(templates: AiFieldTemplate[], search: string): AiFieldTemplate[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return templates
  return templates.filter((t) =>
    [t.name, t.field_name, t.prompt_template, t.description ?? ''].some((text) => text.toLowerCase().includes(needle)),
  )
}

/** The prompt cut at 100 characters with an ellipsis (001 §9); null when it fits. */
export function promptPreview(prompt: string, limit: number = TEMPLATES.promptPreviewChars): string | null {
  const characters = Array.from(prompt)
  if (characters.length <= limit) return null
  return `${characters.slice(0, limit).join('').trimEnd()}...`
}

/** 'Used in:' shows at most 3 file names; the rest is counted as '+N more'. */
export function usedInSummary(template: Pick<AiFieldTemplate, 'used_in' | 'used_in_count'>, shown: number = TEMPLATES.usedInShown) {
  const files = template.used_in.slice(0, shown)
  return { files, more: Math.max(0, template.used_in_count - files.length) }
}
