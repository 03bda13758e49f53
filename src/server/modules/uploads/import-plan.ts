import type { DateOrder } from '#common/schemas/uploads'
import type { SniffResult } from './lib/read-csv.ts'
import type { WorkbookPreview } from './lib/read-xlsx.ts'

/**
 * How the import job reads the stored file: the sniffer's findings plus the user's header choice,
 * and the uploader's locale's date order (for date columns nothing in the file settles).
 */
export type ImportPlan = (
  | { kind: 'csv'; sniff: SniffResult; headerRow: number | null }
  | { kind: 'xlsx'; sheet: string; workbook: WorkbookPreview; headerRow: number | null }
) & { localeDateOrder?: DateOrder }
