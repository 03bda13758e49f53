/** Template queries, shared by the AI Fields Library and the AI column dialog (features do not import each other). */
export const templatesKeys = {
  all: ['templates'] as const,
  list: (limit?: number) => [...templatesKeys.all, 'list', limit ?? 'all'] as const,
}
