/**
 * The name a mistyped one most likely meant (issue 44: "did you mean {Last Name}?"): the closest
 * by edits (a letter added, dropped, changed, or two neighbours swapped), case and outer spaces
 * ignored, within a third of the name's length (at least one edit); failing that, the one name that
 * starts with what was typed or that what was typed starts with (`{Last}` for `{Last Name}`).
 * Null when nothing is close, or when two names are equally close.
 */
export function nearestName(typed: string, names: readonly string[]): string | null {
  const wanted = typed.trim().toLowerCase()
  if (wanted === '') return null
  const limit = Math.max(1, Math.floor(wanted.length / 3))
  let best: string | null = null
  let bestDistance = Number.POSITIVE_INFINITY
  let isTied = false
  for (const name of names) {
    const distance = editDistance(wanted, name.trim().toLowerCase(), limit)
    if (distance > limit) continue
    if (distance < bestDistance) {
      best = name
      bestDistance = distance
      isTied = false
    } else if (distance === bestDistance && name.trim().toLowerCase() !== best?.trim().toLowerCase()) isTied = true
  }
  if (best !== null) return isTied ? null : best
  if (wanted.length < 3) return null
  const starting = names.filter((name) => {
    const candidate = name.trim().toLowerCase()
    return candidate.startsWith(wanted) || wanted.startsWith(candidate)
  })
  return starting.length === 1 ? starting[0]! : null
}

/** Edits between two texts (optimal string alignment), or `limit + 1` as soon as it is past the limit. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1)
      current.push(value)
      rowMin = Math.min(rowMin, value)
    }
    if (rowMin > limit) return limit + 1
    before = previous
    previous = current
  }
  return previous[b.length]!
}
