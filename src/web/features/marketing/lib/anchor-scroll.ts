import { LANDING } from '#common/constants'

/** Where a section's top should land: under the 64 px header plus 24 px (pricing) or 40 px. */
export function anchorScrollTop(sectionId: string, sectionTop: number, scrollY: number) {
  const gap = sectionId === 'pricing' ? LANDING.anchorGapPricingPx : LANDING.anchorGapPx
  return Math.max(0, Math.round(sectionTop + scrollY - LANDING.headerHeightPx - gap))
}

/** '1,234' below ten thousand, then '12K', '1.2M': the stats band's figures. */
export function formatStat(value: number) {
  if (value < 10_000) return value.toLocaleString('en-US')
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value)
}
