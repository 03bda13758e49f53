/** The p-th percentile (0-100) of a list of numbers, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length) - 1
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!
}

export const round1 = (value: number) => Math.round(value * 10) / 10
export const round2 = (value: number) => Math.round(value * 100) / 100
