import { MessageSquareTextIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { nextTyping, type Typing } from '../lib/typing'

/** Questions Magic Chat answers over a lead list, typed in a loop (000 §9). */
const QUESTIONS = [
  { question: 'How many leads are in Germany with more than 50 employees?', answer: 'Filter: Country is Germany and Employees > 50, counted over every row.' },
  { question: 'Which companies have no website?', answer: 'Filter: Website is empty, with the matching rows listed.' },
  { question: 'Show the ten leads with the highest fit score.', answer: 'Sort: Fit score, highest first, limited to 10 rows.' },
] as const

export function TypingDemoSection() {
  const [typing, setTyping] = useState<Typing>({ index: 0, typed: 0 })
  const current = QUESTIONS[typing.index]!
  const isComplete = typing.typed >= current.question.length

  useEffect(() => {
    const { state, delayMs } = nextTyping(typing, QUESTIONS.map((q) => q.question.length))
    const timer = window.setTimeout(() => setTyping(state), delayMs)
    return () => window.clearTimeout(timer)
  }, [typing])

  return (
    <section className="py-20" aria-labelledby="chat-heading">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <h2 id="chat-heading" className="text-3xl font-bold tracking-tight text-balance">
            Ask your spreadsheet in plain language
          </h2>
          <p className="mt-3 text-pretty text-muted-foreground">
            Magic Chat turns a question into a query over every row, so counts are exact and the matching rows
            open in the grid. The steps it took are shown beside the answer.
          </p>
        </div>
        <div className="rounded-xl border bg-card p-5 shadow-sm" aria-hidden="true">
          <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <MessageSquareTextIcon className="size-4 text-primary" />
            Magic Chat
          </div>
          <p className="mt-4 min-h-14 rounded-lg bg-muted px-4 py-3 font-mono text-sm" data-testid="typing-demo">
            {current.question.slice(0, typing.typed)}
            <span className="ml-0.5 inline-block h-4 w-px translate-y-0.5 animate-pulse bg-foreground" />
          </p>
          <p className={`mt-3 text-sm text-muted-foreground transition-opacity ${isComplete ? 'opacity-100' : 'opacity-0'}`}>
            {current.answer}
          </p>
        </div>
        <p className="sr-only">Example questions: {QUESTIONS.map((q) => q.question).join(' ')}</p>
      </div>
    </section>
  )
}
