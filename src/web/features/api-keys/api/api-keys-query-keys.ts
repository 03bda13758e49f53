export const apiKeysKeys = {
  all: ['api-keys'] as const,
  settings: () => [...apiKeysKeys.all, 'settings'] as const,
}

export const apiTokensKeys = {
  all: ['api-tokens'] as const,
  list: () => [...apiTokensKeys.all, 'list'] as const,
}

export const webhooksKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhooksKeys.all, 'list'] as const,
}
