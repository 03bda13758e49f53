/** The AI columns' queries of one upload: invalidating `aiKeys.upload(id)` refreshes them all. */
export const aiKeys = {
  all: ['ai-columns'] as const,
  provider: () => [...aiKeys.all, 'provider'] as const,
  upload: (uploadId: string) => [...aiKeys.all, 'upload', uploadId] as const,
  fields: (uploadId: string) => [...aiKeys.upload(uploadId), 'fields'] as const,
  cells: (uploadId: string, fieldId: string, rowIndexes: number[]) => [...aiKeys.upload(uploadId), 'cells', fieldId, rowIndexes] as const,
  cell: (uploadId: string, fieldId: string, rowIndex: number) => [...aiKeys.upload(uploadId), 'cell', fieldId, rowIndex] as const,
  examples: (uploadId: string, fieldId: string) => [...aiKeys.upload(uploadId), 'examples', fieldId] as const,
  testRows: (uploadId: string) => [...aiKeys.upload(uploadId), 'test-rows'] as const,
}
