import { COMPLETENESS_LEVELS } from '#common/constants'
import { UPLOAD_DETAIL_MESSAGES } from '#common/messages'

/** High at 80 or more, Medium 60 to 79, Low below 60 (001 §9). */
export function completenessLevel(percent: number): string {
  if (percent >= COMPLETENESS_LEVELS.high) return UPLOAD_DETAIL_MESSAGES.completenessHigh
  if (percent >= COMPLETENESS_LEVELS.medium) return UPLOAD_DETAIL_MESSAGES.completenessMedium
  return UPLOAD_DETAIL_MESSAGES.completenessLow
}
