import { useEffect, useState } from 'react'
import { CHAT } from '#common/constants'
import { CHAT_EXAMPLE_QUESTIONS } from '#common/messages'

/** The chat input's placeholder: the next example question every 3 s (001 §9), paused while `isPaused`. */
export function useRotatingPlaceholder(isPaused: boolean): string {
  const [index, setIndex] = useState(0)
  useEffect(() => {
    if (isPaused) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % CHAT_EXAMPLE_QUESTIONS.length), CHAT.placeholderRotateMs)
    return () => clearInterval(timer)
  }, [isPaused])
  return CHAT_EXAMPLE_QUESTIONS[index]!
}
