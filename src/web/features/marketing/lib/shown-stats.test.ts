import { describe, expect, it } from 'vitest'
import { shownStats } from './shown-stats'

const stats = [
  { key: 'recordsEnriched' as const, label: 'Records enriched' },
  { key: 'users' as const, label: 'Users' },
  { key: 'files' as const, label: 'Files imported' },
]

describe('shownStats', () => {
  it('shows nothing on a fresh install', () => {
    expect(shownStats(stats, { recordsEnriched: 0, users: 0, files: 0 })).toEqual([])
  })

  it('shows each figure from its threshold on', () => {
    const shown = shownStats(stats, { recordsEnriched: 12_000, users: 99, files: 100 })
    expect(shown.map((s) => [s.key, s.value])).toEqual([
      ['recordsEnriched', 12_000],
      ['files', 100],
    ])
  })

  it("takes the operator's own threshold from the content", () => {
    expect(shownStats([{ key: 'users', label: 'Users', showFrom: 5 }], { recordsEnriched: 0, users: 5, files: 0 })).toHaveLength(1)
  })
})
