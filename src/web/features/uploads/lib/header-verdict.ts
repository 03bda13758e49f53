import { HEADER_CONFIDENCE } from '#common/constants'
import { UPLOAD_MESSAGES } from '#common/messages'
import type { ConfirmHeadersInput, HeaderPreview } from '#common/schemas/uploads'

/** The verdict line of the header dialog (001 §2): confident at 0.8, maybe at 0.5. */
export function headerVerdict(confidence: number): string {
  if (confidence >= HEADER_CONFIDENCE.confident) return UPLOAD_MESSAGES.headerConfident
  if (confidence >= HEADER_CONFIDENCE.maybe) return UPLOAD_MESSAGES.headerMaybe
  return UPLOAD_MESSAGES.headerUnlikely
}

export function confidencePercent(confidence: number): number {
  return Math.min(100, Math.max(0, Math.round(confidence * 100)))
}

/**
 * The dialog's default button, the one Enter presses: 'Yes, Use as Headers' when the detector
 * leans that way, 'No Headers' below HEADER_CONFIDENCE.maybe, as the verdict line says.
 */
export function isNoHeadersDefault(confidence: number): boolean {
  return confidence < HEADER_CONFIDENCE.maybe
}

/**
 * The answer given without asking (a file saved before sign-in): take the detected row as the
 * header when the detector leans that way, otherwise import every row as data. The user can
 * rename columns later; dropping a data row silently would be worse.
 */
export function automaticHeaderChoice(preview: Pick<HeaderPreview, 'confidence' | 'detectedHeaderRow'>): ConfirmHeadersInput {
  const hasHeaders = !isNoHeadersDefault(preview.confidence)
  return { hasHeaders, headerRowIndex: hasHeaders ? preview.detectedHeaderRow : 0 }
}

/** Rows the dialog previews: the first five, stretched to include the detected row if later. */
export function previewRowCount(preview: Pick<HeaderPreview, 'rows' | 'detectedHeaderRow'>): number {
  return Math.min(preview.rows.length, Math.max(HEADER_CONFIDENCE.previewRows, preview.detectedHeaderRow + 1))
}
