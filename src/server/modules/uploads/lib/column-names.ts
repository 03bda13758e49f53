/** 'Column 1', 'Column 2', ... for a table the user said has no header row ("No Headers"). */
export function genericColumnNames(width: number): string[] {
  return Array.from({ length: width }, (_, i) => `Column ${i + 1}`)
}

/**
 * Turns a header row into column names that can key a row's values: trimmed (line breaks inside
 * a quoted name become spaces), a blank name becomes 'Column n' by its 1-based position, a
 * repeated name (compared case-insensitively, as people and JSON consumers read them) becomes
 * 'Name (2)', 'Name (3)', and the row is padded to `width` with 'Column n'. A generated name never
 * takes a name the file itself uses, so ['', 'Column 1'] gives ['Column 1 (2)', 'Column 1'].
 * Cells beyond `width` are kept: their names are data the caller asked for.
 */
export function normalizeHeaderNames(cells: string[], width: number): string[] {
  const count = Math.max(width, cells.length)
  const given = Array.from({ length: count }, (_, i) => (cells[i] ?? '').replace(/\s+/g, ' ').trim())
  const taken = new Set<string>()
  // Names written in the file win over generated ones, wherever they stand.
  const written = new Set(given.filter((name) => name !== '').map((name) => name.toLowerCase()))

  return given.map((name, i) => {
    const isGenerated = name === ''
    const base = isGenerated ? `Column ${i + 1}` : name
    const key = base.toLowerCase()
    const clashesWithWritten = isGenerated && written.has(key)
    if (!taken.has(key) && !clashesWithWritten) {
      taken.add(key)
      return base
    }
    for (let n = 2; ; n++) {
      const candidate = `${base} (${n})`
      const candidateKey = candidate.toLowerCase()
      if (taken.has(candidateKey) || written.has(candidateKey)) continue
      taken.add(candidateKey)
      return candidate
    }
  })
}
