/** The chat's queries of one upload: invalidating `chatKeys.upload(id)` refreshes its conversation. */
export const chatKeys = {
  all: ['chat'] as const,
  upload: (uploadId: string) => [...chatKeys.all, 'upload', uploadId] as const,
  thread: (uploadId: string) => [...chatKeys.upload(uploadId), 'thread'] as const,
}
