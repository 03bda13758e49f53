export const apiKeysKeys = {
  all: ['api-keys'] as const,
  settings: () => [...apiKeysKeys.all, 'settings'] as const,
}
