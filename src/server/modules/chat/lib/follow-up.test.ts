import { describe, expect, it } from 'vitest'
import { isFollowUp } from './follow-up.ts'

describe('isFollowUp', () => {
  it('takes a question opened by a follow-up word, or with also, additionally or furthermore anywhere', () => {
    for (const query of ['And those in France?', 'Also leads in Spain', 'plus the ones in Italy', 'Include Canada', 'Add Brazil too', 'Show me Spain as well, additionally', 'Furthermore, count Portugal']) {
      expect(isFollowUp(query), query).toBe(true)
    }
  })

  it('does not merge a new question that merely contains "and"', () => {
    for (const query of ['Leads in France and Spain', 'How many CEOs and founders are there?', 'Which companies have more than 500 employees?', '']) {
      expect(isFollowUp(query), query).toBe(false)
    }
  })
})
