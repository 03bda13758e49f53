export const templatesKeys = {
  all: ['templates'] as const,
  list: (limit?: number) => [...templatesKeys.all, 'list', limit ?? 'all'] as const,
}
