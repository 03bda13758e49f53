/** The webhooks' key tree. Shared: revoking an API token turns off the webhooks it created. */
export const webhooksKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhooksKeys.all, 'list'] as const,
}
