import { LANDING } from '#common/constants'

export type Typing = { index: number; typed: number }

/** Types one character every 30 ms, waits 1500 ms on the full question, then starts the next (000 §9). */
export function nextTyping({ index, typed }: Typing, lengths: readonly number[]): { state: Typing; delayMs: number } {
  const length = lengths[index] ?? 0
  if (typed < length) return { state: { index, typed: typed + 1 }, delayMs: LANDING.typingCharMs }
  return { state: { index: (index + 1) % lengths.length, typed: 0 }, delayMs: LANDING.typingPauseMs }
}
