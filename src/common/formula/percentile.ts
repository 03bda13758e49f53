/**
 * The reference for a plan's `median` and `percentile` (issue 44), as the database computes them
 * (PostgreSQL's percentile_cont, in doubles): the values sorted, the position `fraction` of the way
 * from the first to the last, and the value there, interpolated between the two values around it
 * (`lo + (hi - lo) * (position - floor(position))`, PostgreSQL's float8 interpolation step by
 * step). The median is the 0.5 percentile. No value: null.
 */
export function percentileOf(values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const position = fraction * (sorted.length - 1)
  const first = Math.floor(position)
  const second = Math.ceil(position)
  const lo = sorted[first]!
  if (second === first) return lo
  const hi = sorted[second]!
  return lo + (hi - lo) * (position - first)
}
